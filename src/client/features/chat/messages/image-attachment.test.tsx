// @vitest-environment happy-dom
// Image attachments (chat spec §2 "File cards", §4 preview on demand, §8 preview texts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setSessionToken } from "@/client/lib/session-token";
import { ImageAttachment } from "./image-attachment";

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  setSessionToken("tok");
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const SIGNED = "https://files.example/chart.png?sig=1";

describe("ImageAttachment", () => {
  it("[FILE-01] [FILE-02] a 16:9 preview of the signed inline URL; a click enlarges it in a dialog", async () => {
    fetchMock.mockResolvedValueOnce(json({ signedUrl: SIGNED }));
    render(<ImageAttachment r2Path="org/o/uploads/f/chart.png" name="chart.png" />);

    const preview = screen.getByRole("button", { name: "Open chart.png" });
    expect(preview.className).toMatch(/\baspect-video\b/); // Tailwind's aspect-video is 16 / 9
    const thumb = await within(preview).findByRole("img", { name: "chart.png" });
    expect(thumb.getAttribute("src")).toBe(SIGNED);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ r2Path: "org/o/uploads/f/chart.png", disposition: "inline" });
    expect(screen.queryByRole("dialog")).toBeNull();

    await userEvent.click(preview);
    const dialog = await screen.findByRole("dialog", { name: "chart.png" });
    const large = within(dialog).getByRole("img", { name: "chart.png" });
    expect(large.getAttribute("src")).toBe(SIGNED);
    expect(large.className).toMatch(/object-contain/);
    expect(dialog.className).toMatch(/sm:max-w-3xl/);
  });

  it("a preview URL that cannot be made shows Failed to load image, titled Failed to generate preview URL: ...", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "no" }, 403));
    render(<ImageAttachment r2Path="a/b.png" name="b.png" />);
    const box = (await screen.findByText("Failed to load image")).closest("span")!;
    expect(box.getAttribute("title")).toBe("Failed to generate preview URL: HTTP error! status: 403");
    expect(box.className).toMatch(/\baspect-video\b/);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("an image that does not load shows Failed to load image", async () => {
    fetchMock.mockResolvedValueOnce(json({ signedUrl: SIGNED }));
    render(<ImageAttachment r2Path="a/b.png" name="b.png" />);
    fireEvent.error(await screen.findByRole("img", { name: "b.png" }));
    expect((await screen.findByText("Failed to load image")).closest("span")!.getAttribute("title")).toBe("Failed to load image");
  });
});
