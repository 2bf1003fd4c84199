// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { MessageItem } from "./message-item";
import { MessageList } from "./message-list";

const { authFetch } = vi.hoisted(() => ({ authFetch: vi.fn() }));
vi.mock("@/client/lib/api", async (importActual) => ({ ...(await importActual<object>()), authFetch }));
vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
const { toast } = await import("sonner");
afterEach(() => {
  cleanup();
  authFetch.mockReset();
  vi.mocked(toast.error).mockClear();
});

const agent = { name: "Atlas", logoUrl: null };
const msg = (role: UIMessage["role"], parts: UIMessage["parts"], id = Math.random().toString(36)): UIMessage => ({
  id,
  role,
  content: "",
  parts,
});
const show = (m: UIMessage, opts: { isLast?: boolean; isProcessing?: boolean } = {}) =>
  render(
    <ol>
      <MessageItem message={m} agent={agent} isLast={opts.isLast ?? false} isProcessing={opts.isProcessing ?? false} />
    </ol>,
  );

describe("message display", () => {
  it("[MSG-08] [MSG-09] an empty message: Processing... while the last one is processing, else [Empty Message]", () => {
    show(msg("assistant", []), { isLast: true, isProcessing: true });
    expect(screen.getByText("Processing...")).toBeTruthy();
    cleanup();
    show(msg("assistant", [{ type: "step-start" }]), { isLast: false, isProcessing: true });
    expect(screen.getByText("[Empty Message]")).toBeTruthy();
  });

  it("[MSG-10] system messages are hidden", () => {
    render(
      <MessageList
        messages={[
          msg("system", [{ type: "text", text: "secret rules" }]),
          msg("user", [{ type: "text", text: "hi" }]),
        ]}
        agent={agent}
        isProcessing={false}
      />,
    );
    expect(screen.queryByText("secret rules")).toBeNull();
    expect(screen.getByText("hi")).toBeTruthy();
  });

  it("[MSG-11] [MSG-13] [MSG-14] [MSG-15] [MSG-16] text, reasoning (muted italic), source links, hidden step-start, unsupported parts", () => {
    show(
      msg("assistant", [
        { type: "step-start" },
        { type: "reasoning", reasoning: "thinking hard", details: [] },
        { type: "text", text: "The answer" },
        { type: "source", source: { sourceType: "url", id: "s1", url: "https://example.com/a", title: "Example" } },
        { type: "source", source: { sourceType: "url", id: "s2", url: "https://example.com/b" } },
        { type: "mystery" } as unknown as UIMessage["parts"][number],
      ]),
    );
    expect(screen.getByText("thinking hard").className).toMatch(/italic/);
    expect(screen.getByText("thinking hard").className).toMatch(/text-muted-foreground/);
    expect(screen.getByText("The answer")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Example" }).getAttribute("href")).toBe("https://example.com/a");
    expect(screen.getByRole("link", { name: "https://example.com/b" })).toBeTruthy();
    expect(screen.getByText("[Unsupported part: mystery]")).toBeTruthy();
  });

  it("security #11: a source whose URL is not a web address is shown as text, never a link", () => {
    show(
      msg("assistant", [
        {
          type: "source",
          source: { sourceType: "url", id: "s1", url: "javascript:alert(document.cookie)", title: "Click me" },
        },
        { type: "source", source: { sourceType: "url", id: "s2", url: "data:text/html,<script>alert(1)</script>" } },
      ]),
    );
    expect(screen.queryAllByRole("link")).toEqual([]);
    expect(screen.getByText("Click me").tagName).toBe("P");
    expect(screen.getByText("data:text/html,<script>alert(1)</script>")).toBeTruthy();
  });

  it("[MSG-17] [MSG-18] [MSG-19] [MSG-20] meeting, incident and ticket blocks are collapsible panels with a line count", async () => {
    const text =
      "```meeting\nMon 9:00\nStandup\n```\n\n```incident\nDB down\n```\n\n```ticket\nABC-1\nfix it\nsoon\n```";
    show(msg("assistant", [{ type: "text", text }]));
    const meeting = document.querySelector('[data-panel="meeting"]')!;
    expect(meeting.className).toMatch(/border-green-500/);
    expect(document.querySelector('[data-panel="incident"]')!.className).toMatch(/border-red-500/);
    expect(document.querySelector('[data-panel="ticket"]')!.className).toMatch(/border-yellow-500/);
    expect(within(meeting as HTMLElement).getByText("2 lines")).toBeTruthy();
    expect(screen.getByText("1 line")).toBeTruthy();
    expect(screen.queryByText(/Standup/)).toBeNull();
    await userEvent.click(within(meeting as HTMLElement).getByRole("button", { name: /meeting/ }));
    expect(screen.getByText(/Standup/)).toBeTruthy();
  });

  it("[MSG-01] [MSG-02] [MSG-04] [MSG-05] user right, assistant left with the default logo; unsafe links become text", () => {
    show(msg("user", [{ type: "text", text: "hello" }]));
    expect(document.querySelector('[data-role="user"]')!.className).toMatch(/items-end/);
    cleanup();
    show(
      msg("assistant", [
        {
          type: "text",
          text: "[ok](https://a.example) [proto](//b.example/x) [bad](javascript:alert(1)) [mail](mailto:x@y.z)",
        },
      ]),
    );
    expect(screen.getByTestId("agent-default-logo")).toBeTruthy();
    expect(screen.getByRole("link", { name: "ok" }).getAttribute("rel")).toBe("nofollow noopener noreferrer");
    expect(screen.getByRole("link", { name: "proto" }).getAttribute("target")).toBe("_blank");
    expect(screen.queryByRole("link", { name: "bad" })).toBeNull();
    expect(screen.getByText("bad")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "mail" })).toBeNull();
  });

  it("[TOOLCARD-26] [TOOLCARD-28] [TOOLCARD-07] a running card, and a result with neither success nor error", () => {
    show(
      msg("assistant", [
        {
          type: "tool-invocation",
          toolInvocation: {
            state: "call",
            toolCallId: "1",
            toolName: "scrape_url",
            args: { url: "https://x.example" },
          },
        },
      ]),
    );
    expect(screen.getByText("Running Scrape URL...")).toBeTruthy();
    cleanup();
    show(
      msg("assistant", [
        {
          type: "tool-invocation",
          toolInvocation: {
            state: "result",
            toolCallId: "1",
            toolName: "scrape_url",
            args: {},
            result: { status: "odd" },
          },
        },
      ]),
    );
    expect(screen.getByText("Unknown status")).toBeTruthy();
  });

  it("[TOOLCARD-10] [TOOLCARD-12] long output is cut at 400 characters with Show more / Show less, in a 24rem box", async () => {
    const long = "word ".repeat(200);
    show(
      msg("assistant", [
        {
          type: "tool-invocation",
          toolInvocation: {
            state: "result",
            toolCallId: "1",
            toolName: "scrape_url",
            args: { url: "https://x.example" },
            result: { status: "success", content: long },
          },
        },
      ]),
    );
    await userEvent.click(screen.getByRole("button", { name: /Read content from x.example/ }));
    const output = screen.getByRole("region", { name: "Output" });
    const box = within(output).getByTestId("long-text");
    expect(box.className).toMatch(/max-h-\[24rem\]/);
    expect(box.textContent!.length).toBeLessThan(410);
    await userEvent.click(within(output).getByRole("button", { name: "Show more" }));
    expect(box.textContent!.trim().length).toBe(long.trim().length);
    expect(within(output).getByRole("button", { name: "Show less" })).toBeTruthy();
  });
});

describe("attachments and file links", () => {
  const withFiles = (text: string, attachments: UIMessage["experimental_attachments"]): UIMessage => ({
    ...msg("user", [{ type: "text", text }]),
    experimental_attachments: attachments,
  });

  it("[FILE-08] [FILE-09] a user message shows a non-image attachment as name and type, an image as a thumbnail, each with a Download button", async () => {
    authFetch.mockResolvedValue({ signedUrl: "https://files.example/signed" });
    show(
      withFiles("see attached", [
        {
          name: "q3-report.pdf",
          contentType: "application/pdf",
          url: "",
          key: "org/o/uploads/1/q3-report.pdf",
        } as NonNullable<UIMessage["experimental_attachments"]>[number],
        { name: "chart.png", contentType: "image/png", url: "", key: "org/o/uploads/2/chart.png" } as NonNullable<
          UIMessage["experimental_attachments"]
        >[number],
      ]),
    );
    const items = within(screen.getByRole("list", { name: "Attachments" })).getAllByRole("listitem");
    expect(items).toHaveLength(2);

    const [doc, image] = items as [HTMLElement, HTMLElement];
    expect(within(doc).getByText("q3-report.pdf")).toBeTruthy();
    expect(within(doc).getByText("application/pdf")).toBeTruthy();
    expect(within(doc).queryByRole("img")).toBeNull();
    expect(within(doc).getByRole("button", { name: "Download" })).toBeTruthy();

    expect(await within(image).findByRole("img", { name: "chart.png" })).toBeTruthy();
    expect(within(image).getByRole("button", { name: "Open chart.png" })).toBeTruthy();
    expect(within(image).getByRole("button", { name: "Download" })).toBeTruthy();

    // The button downloads that attachment by its storage key and name.
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    await userEvent.click(within(doc).getByRole("button", { name: "Download" }));
    expect(authFetch).toHaveBeenLastCalledWith("/api/files/presigned_download", {
      method: "POST",
      body: { r2Path: "org/o/uploads/1/q3-report.pdf", filename: "q3-report.pdf" },
    });
    expect(assign).toHaveBeenCalledWith("https://files.example/signed");
    assign.mockRestore();
  });

  it("[FILE-05] [FILE-07] a lone image shows as a 16:9 preview; an image pair shows as two 1:1 thumbnails side by side", async () => {
    authFetch.mockResolvedValue({ signedUrl: "https://files.example/signed" });
    const file = (name: string, contentType: string) =>
      ({ name, contentType, url: "", key: `org/o/uploads/x/${name}` }) as NonNullable<
        UIMessage["experimental_attachments"]
      >[number];
    const frame = (name: string) => screen.getByRole("button", { name: `Open ${name}` });

    show(withFiles("one", [file("notes.pdf", "application/pdf"), file("chart.png", "image/png")]));
    expect(frame("chart.png").className).toMatch(/\baspect-video\b/);
    expect(frame("chart.png").className).not.toMatch(/\baspect-square\b/);
    cleanup();

    show(withFiles("two", [file("before.png", "image/png"), file("after.jpg", "image/jpeg")]));
    for (const name of ["before.png", "after.jpg"]) {
      expect(frame(name).className).toMatch(/\baspect-square\b/);
      expect(frame(name).className).not.toMatch(/\baspect-video\b/);
      expect(await within(frame(name)).findByRole("img", { name })).toBeTruthy();
    }
    expect(screen.getByRole("list", { name: "Attachments" }).className).toMatch(/\bflex-wrap\b/);
  });

  it("[FILE-03] [FILE-10] a non-image attachment shows its size in KB; its name opens the signed inline URL in a new tab", async () => {
    authFetch.mockResolvedValue({ signedUrl: "https://files.example/inline" });
    show(
      withFiles("see attached", [
        {
          name: "notes.txt",
          contentType: "text/plain",
          url: "",
          key: "org/o/uploads/3/notes.txt",
          size: 2560,
        } as NonNullable<UIMessage["experimental_attachments"]>[number],
      ]),
    );
    const item = within(screen.getByRole("list", { name: "Attachments" })).getByRole("listitem");
    expect(within(item).getByText("2.5 KB")).toBeTruthy();
    expect(within(item).getByRole("button", { name: "Download" })).toBeTruthy();
    const tab = { opener: {} as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    await userEvent.click(within(item).getByRole("button", { name: "notes.txt" }));
    expect(open).toHaveBeenCalledWith("", "_blank");
    expect(authFetch).toHaveBeenLastCalledWith("/api/files/presigned_download", {
      method: "POST",
      body: { r2Path: "org/o/uploads/3/notes.txt", disposition: "inline" },
    });
    await vi.waitFor(() => expect(tab.location.href).toBe("https://files.example/inline"));
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it("[FILE-10] [FILE-11] when the signed URL cannot be had, the new tab closes and Failed to open file. is toasted", async () => {
    authFetch.mockResolvedValue({ ok: false, status: 500, statusText: "Server Error", data: null });
    show(
      withFiles("", [
        { name: "notes.txt", contentType: "text/plain", url: "", key: "org/o/uploads/4/notes.txt" } as NonNullable<
          UIMessage["experimental_attachments"]
        >[number],
      ]),
    );
    const tab = { opener: {} as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    await userEvent.click(screen.getByRole("button", { name: "notes.txt" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to open file."));
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });

  it("[FILE-11] a file link that fails to open toasts Failed to open file.", async () => {
    authFetch.mockResolvedValue({ ok: false, status: 500, statusText: "Server Error", data: null });
    const report: UIMessage["parts"][number] = {
      type: "tool-invocation",
      toolInvocation: {
        state: "result",
        toolCallId: "r1",
        toolName: "save_flash_report",
        args: {},
        result: { status: "success", files: [{ r2_path: "org/o/generated/r1/report.pdf", filename: "report.pdf" }] },
      },
    };
    show(
      msg("assistant", [
        report,
        {
          type: "text",
          text: "Here is [your report](sandbox:/mnt/data/report.pdf) and [a lost one](sandbox:/mnt/data/gone.pdf).",
        },
      ]),
    );

    await userEvent.click(screen.getByRole("link", { name: "your report" }));
    expect(authFetch).toHaveBeenCalledWith("/api/files/presigned_download", {
      method: "POST",
      body: { r2Path: "org/o/generated/r1/report.pdf", filename: "report.pdf" },
    });
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to open file."));

    vi.mocked(toast.error).mockClear();
    await userEvent.click(screen.getByRole("link", { name: "a lost one" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledExactlyOnceWith("Failed to open file."));
  });
});

describe("long conversations", () => {
  it("render only the messages near the screen", () => {
    // happy-dom lays nothing out: give every element a height, as a browser would.
    vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(120);
    const many = Array.from({ length: 200 }, (_, i) =>
      msg(i % 2 ? "assistant" : "user", [{ type: "text", text: `message ${i}` }], `m${i}`),
    );
    render(<MessageList messages={many} agent={agent} isProcessing={false} />);
    const rendered = document.querySelectorAll("[data-role]").length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(60);
  });
});

describe("edit and regenerate (issue 17, decision 090)", () => {
  it("Edit opens a box with the message's text; Cancel closes it; Send hands over the trimmed new text", async () => {
    const onEdit = vi.fn();
    const user = userEvent.setup();
    render(
      <ol>
        <MessageItem
          message={msg("user", [{ type: "text", text: "first question" }], "m1")}
          agent={agent}
          isLast={false}
          isProcessing={false}
          onEdit={onEdit}
        />
      </ol>,
    );
    await user.click(screen.getByRole("button", { name: "Edit" }));
    const box = screen.getByRole("textbox", { name: "Edit message" }) as HTMLTextAreaElement;
    expect(box.value).toBe("first question");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("textbox", { name: "Edit message" })).toBeNull();
    expect(screen.getByText("first question")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Edit" }));
    await user.clear(screen.getByRole("textbox", { name: "Edit message" }));
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole("textbox", { name: "Edit message" }), "  rephrased  ");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onEdit).toHaveBeenCalledWith("m1", "rephrased");
    expect(screen.queryByRole("textbox", { name: "Edit message" })).toBeNull();
  });

  it("no Edit without a handler (a reply is running, or a sub-conversation); Regenerate only on the reply that can be retried", () => {
    show(msg("user", [{ type: "text", text: "hello" }]));
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
    cleanup();
    const onRetry = vi.fn();
    render(
      <ol>
        <MessageItem
          message={msg("assistant", [{ type: "text", text: "an answer" }])}
          agent={agent}
          isLast
          isProcessing={false}
          onRetry={onRetry}
        />
      </ol>,
    );
    screen.getByRole("button", { name: "Regenerate" }).click();
    expect(onRetry).toHaveBeenCalledOnce();
    cleanup();
    show(msg("assistant", [{ type: "text", text: "an older answer" }]));
    expect(screen.queryByRole("button", { name: "Regenerate" })).toBeNull();
  });
});
