import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { clientImportsPlugin } from "./scripts/eslint/client-imports.ts";

// Layer boundaries: client never imports server code (except `import type`), server never imports
// client code, shared imports neither. Inside the client, scripts/eslint/client-imports.ts keeps
// features apart, shared code off features and the import graph free of cycles (docs/layout.md).
export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "playwright-report/**", "src/server/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, client: clientImportsPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "client/boundaries": "error",
      "client/no-cycle": "error",
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "@/server/**"], allowTypeImports: true, message: "The client may only `import type` from the server." }] },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/client/**", "@/client/**", "!@modelcontextprotocol/sdk/client/**"], message: "The server never imports client code." }] }],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "**/client/**", "@/server/**", "@/client/**", "node:*"], message: "src/shared runs on both sides and does no I/O." }] },
      ],
    },
  },
  {
    // Tests read arbitrary JSON bodies.
    files: ["**/*.test.ts", "**/*.test.tsx", "**/tenancy-cases.ts", "src/server/test/**", "e2e/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
