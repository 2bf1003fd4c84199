import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { clientImportsPlugin, layerOf } from "./client-imports";

// A small client laid out like src/client, written to a temporary folder that ESLint sees as its cwd.
const files: Record<string, string> = {
  "src/client/router.tsx":
    'import { X } from "./features/a/x";\nexport const lazyB = () => import("./features/b/y");\nexport { X };\n',
  "src/client/api/agents.ts": "export const agentsKey = (orgId: string) => `/api/agents?orgId=${orgId}`;\n",
  "src/client/features/a/x.ts": 'import { agentsKey } from "@/client/api/agents";\nexport const X = agentsKey;\n',
  "src/client/features/a/uses-b.ts": 'import { Y } from "../b/y";\nexport const Z = Y;\n',
  "src/client/features/a/uses-b-alias.ts": 'export { Y } from "@/client/features/b/y";\n',
  "src/client/features/b/y.ts": 'import { agentsKey } from "../../api/agents";\nexport const Y = agentsKey;\n',
  "src/client/components/shell/layout.tsx": 'import { X } from "@/client/features/a/x";\nexport const L = X;\n',
  "src/client/lib/one.ts": 'import { two } from "./two";\nexport const one = () => two;\nexport type One = number;\n',
  "src/client/lib/two.ts": 'import type { One } from "@/client/lib/one";\nexport const two: One = 2;\n',
  "src/client/lib/self.ts": 'export * from "./self";\n',
};

let root: string;
const linter = () => new Linter({ cwd: root, configType: "flat" });
const config = [
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parser: tseslint.parser as Linter.Parser },
    plugins: { client: clientImportsPlugin },
    rules: { "client/no-cycle": "error", "client/boundaries": "error" },
  },
] satisfies Linter.Config[];

/** The messages ESLint reports for one fixture file. */
function lint(file: string): string[] {
  const filename = path.join(root, file);
  return linter()
    .verify(fs.readFileSync(filename, "utf8"), config, { filename })
    .map((m) => `${m.ruleId}: ${m.message}`);
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "client-imports-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("client import rules", () => {
  it("reports an import cycle, type-only imports included, on every file of it", () => {
    expect(lint("src/client/lib/one.ts")).toEqual([
      "client/no-cycle: Import cycle: lib/one.ts → lib/two.ts → lib/one.ts",
    ]);
    expect(lint("src/client/lib/two.ts")).toEqual([
      "client/no-cycle: Import cycle: lib/two.ts → lib/one.ts → lib/two.ts",
    ]);
    expect(lint("src/client/lib/self.ts")).toEqual(["client/no-cycle: Import cycle: lib/self.ts → lib/self.ts"]);
  });

  it("lets features import the shared client/api/, by alias or relative path", () => {
    expect(lint("src/client/features/a/x.ts")).toEqual([]);
    expect(lint("src/client/features/b/y.ts")).toEqual([]);
  });

  it("refuses a feature importing another feature, however the path is written", () => {
    const message =
      "client/boundaries: features/a must not import features/b: move what both need to src/client/api/ (server data), components/ or lib/.";
    expect(lint("src/client/features/a/uses-b.ts")).toEqual([message]);
    expect(lint("src/client/features/a/uses-b-alias.ts")).toEqual([message]);
  });

  it("refuses shared code importing a feature; the router composes features freely", () => {
    expect(lint("src/client/components/shell/layout.tsx")).toEqual([
      "client/boundaries: Shared client code must not import features/a: let the router compose features (or pass the piece in as a prop).",
    ]);
    expect(lint("src/client/router.tsx")).toEqual([]);
  });

  it("names each file's layer", () => {
    const client = path.join(root, "src/client");
    expect(layerOf(client, path.join(client, "router.tsx"))).toBe("entry");
    expect(layerOf(client, path.join(client, "features/chat/messages/item.tsx"))).toBe("features/chat");
    expect(
      ["api/agents.ts", "lib/api.ts", "components/ui/button.tsx"].map((f) => layerOf(client, path.join(client, f))),
    ).toEqual(["shared", "shared", "shared"]);
  });
});
