import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { clientImportsPlugin } from "./scripts/eslint/client-imports.ts";

// Server code: the server folder, and a tool folder's *.server.ts files.
const CLIENT_NO_SERVER = ["**/server/**", "@/server/**", "**/*.server", "**/*.server.ts"];

// Layer boundaries: client never imports server code (except `import type`), server never imports
// client code, shared imports neither. Inside the client, scripts/eslint/client-imports.ts keeps
// features apart, shared code off features and the import graph free of cycles (docs/layout.md).
export default tseslint.config(
  {
    ignores: [
      "dist/**",
      ".bench-dist/**",
      // A/B build copies and bench scratch (bench/README.md), never committed.
      "perfdist*/**",
      "bench/tmp/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "src/server/db/migrations/**",
    ],
  },
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
        {
          patterns: [
            {
              group: CLIENT_NO_SERVER,
              allowTypeImports: true,
              message: "The client may only `import type` from the server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/client/**", "@/client/**", "!@modelcontextprotocol/sdk/client/**"],
              message: "The server never imports client code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/client/**", "@/server/**", "@/client/**", "node:*"],
              message: "src/shared runs on both sides and does no I/O.",
            },
          ],
        },
      ],
    },
  },
  {
    // A tool folder (src/tools/<tool>/): definition.ts and result.ts run on both sides, card.tsx in the
    // browser, *.server.ts on the server only.
    files: ["src/tools/**/*.{ts,tsx}"],
    ignores: ["src/tools/**/*.server.ts", "src/tools/**/*.test.{ts,tsx}", "src/tools/**/card.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "@/server/**", "**/*.server", "**/*.server.ts"],
              allowTypeImports: true,
              message: "Tool definitions run in the browser too: server code goes in execute.server.ts.",
            },
            {
              group: ["**/client/**", "@/client/**"],
              message: "Tool definitions run on the server too: views go in card.tsx.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/tools/**/card.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: CLIENT_NO_SERVER,
              allowTypeImports: true,
              message: "The client may only `import type` from the server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/tools/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/client/**", "@/client/**", "**/card", "**/card.tsx"],
              message: "Server code never imports client code or a tool's card.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read arbitrary JSON bodies.
    files: ["**/*.test.ts", "**/*.test.tsx", "**/tenancy-cases.ts", "src/server/test/**", "e2e/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
