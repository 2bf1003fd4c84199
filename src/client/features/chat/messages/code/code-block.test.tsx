// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Markdown } from "../markdown";

afterEach(cleanup);

const reply = "Here it is:\n\n```ts\nconst answer: number = 42;\n```\n\nAnd `inline` code.";

describe("fenced code blocks in assistant markdown", () => {
  it("shows the plain code at once, then the highlighter's tokens", async () => {
    render(<Markdown text={reply} />);
    const block = screen.getByRole("figure", { name: "Code, ts" });
    expect(block.querySelector("pre")!.textContent).toBe("const answer: number = 42;");
    await waitFor(() => expect(block.querySelector(".hljs-keyword")?.textContent).toBe("const"));
    expect(block.querySelector("pre")!.textContent).toBe("const answer: number = 42;");
    // Inline code stays inline.
    expect(screen.getByText("inline").closest("pre")).toBeNull();
  });

  it("a block without a language, or in one not loaded, stays plain", async () => {
    render(<Markdown text={"```\nplain words\n```\n\n```brainfuck\n+++.\n```"} />);
    expect(screen.getByRole("figure", { name: "Code, plain text" }).textContent).toContain("plain words");
    const unknown = screen.getByRole("figure", { name: "Code, brainfuck" });
    await new Promise((r) => setTimeout(r, 50));
    expect(unknown.querySelector("[class^=hljs-]")).toBeNull();
    expect(unknown.querySelector("pre")!.textContent).toBe("+++.");
  });

  it("Copy code copies the raw code of its own block and says Copied", async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    render(<Markdown text={"```py\nprint('a')\n```\n\n```sh\necho b\n```"} />);
    const [first, second] = screen.getAllByRole("button", { name: "Copy code" });
    await user.click(second!);
    expect(writeText).toHaveBeenCalledWith("echo b");
    expect(await screen.findByRole("button", { name: "Copied" })).toBe(second);
    expect(first).toHaveProperty("textContent", "Copy code");
  });
});
