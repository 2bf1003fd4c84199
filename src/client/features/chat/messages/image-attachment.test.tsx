// @vitest-environment happy-dom
// Image attachments (chat spec §2 "File cards", §4 preview on demand, §8 preview texts, §9 ratios).
import { describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { IMAGE_RATIOS, ImageAttachment } from "./image-attachment";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

const fetchMock = mockFetch();

const SIGNED = "https://files.example/chart.png?sig=1";

describe("ImageAttachment", () => {
  it("[FILE-01] [FILE-02] a 16:9 preview of the signed inline URL; a click enlarges it in a dialog", async () => {
    fetchMock.mockResolvedValueOnce(json({ signedUrl: SIGNED }));
    render(<ImageAttachment r2Path="org/o/uploads/f/chart.png" name="chart.png" />);

    const preview = screen.getByRole("button", { name: "Open chart.png" });
    expect(preview.className).toMatch(/\baspect-video\b/); // Tailwind's aspect-video is 16 / 9
    const thumb = await within(preview).findByRole("img", { name: "chart.png" });
    expect(thumb.getAttribute("src")).toBe(SIGNED);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      r2Path: "org/o/uploads/f/chart.png",
      disposition: "inline",
    });
    expect(screen.queryByRole("dialog")).toBeNull();

    await userEvent.click(preview);
    const dialog = await screen.findByRole("dialog", { name: "chart.png" });
    const large = within(dialog).getByRole("img", { name: "chart.png" });
    expect(large.getAttribute("src")).toBe(SIGNED);
    expect(large.className).toMatch(/object-contain/);
    expect(dialog.className).toMatch(/sm:max-w-3xl/);
  });

  it("[FILE-05] the image pair's ratios: 16:9 by default, 1:1 when asked", async () => {
    fetchMock.mockImplementation(async () => json({ signedUrl: SIGNED }));
    render(<ImageAttachment r2Path="a/wide.png" name="wide.png" />);
    render(<ImageAttachment r2Path="a/square.png" name="square.png" ratio="1:1" />);
    const wide = screen.getByRole("button", { name: "Open wide.png" });
    const square = screen.getByRole("button", { name: "Open square.png" });
    expect(wide.className).toMatch(/\baspect-video\b/); // 16 / 9
    expect(wide.className).not.toMatch(/\baspect-square\b/);
    expect(square.className).toMatch(/\baspect-square\b/); // 1 / 1
    expect(square.className).not.toMatch(/\baspect-video\b/);
    expect(await within(square).findByRole("img", { name: "square.png" })).toBeTruthy();
    expect(IMAGE_RATIOS).toEqual({
      "16:9": expect.stringContaining("aspect-video"),
      "1:1": expect.stringContaining("aspect-square"),
    });
  });

  it("[FILE-18] a preview URL that cannot be made shows Failed to generate preview URL: ..., in the same frame", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "no" }, 403));
    render(<ImageAttachment r2Path="a/b.png" name="b.png" ratio="1:1" />);
    const box = (await screen.findByText("Failed to generate preview URL: HTTP error! status: 403")).closest(
      "span[title]",
    )!;
    expect(box.getAttribute("title")).toBe("Failed to generate preview URL: HTTP error! status: 403");
    expect(box.className).toMatch(/\baspect-square\b/);
    expect(screen.queryByRole("button")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("[FILE-18] a preview whose signed URL cannot be fetched shows Failed to load preview: ...", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ signedUrl: SIGNED }))
      .mockResolvedValueOnce(new Response("gone", { status: 404 }));
    render(<ImageAttachment r2Path="a/b.png" name="b.png" />);
    fireEvent.error(await screen.findByRole("img", { name: "b.png" }));
    const box = (await screen.findByText("Failed to load preview: HTTP error! status: 404")).closest("span[title]")!;
    expect(box.className).toMatch(/\baspect-video\b/);
    // The reason was asked of the signed URL itself.
    expect(fetchMock.mock.calls[1]![0]).toBe(SIGNED);

    cleanup();
    fetchMock.mockReset();
    fetchMock
      .mockResolvedValueOnce(json({ signedUrl: SIGNED }))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"));
    render(<ImageAttachment r2Path="a/b.png" name="b.png" />);
    fireEvent.error(await screen.findByRole("img", { name: "b.png" }));
    expect(await screen.findByText("Failed to load preview: Failed to fetch")).toBeTruthy();
  });

  it("[FILE-18] an image that arrives but does not draw shows Failed to load image", async () => {
    fetchMock
      .mockResolvedValueOnce(json({ signedUrl: SIGNED }))
      .mockResolvedValueOnce(new Response("not an image", { status: 200 }));
    render(<ImageAttachment r2Path="a/b.png" name="b.png" />);
    fireEvent.error(await screen.findByRole("img", { name: "b.png" }));
    expect((await screen.findByText("Failed to load image")).closest("span[title]")!.getAttribute("title")).toBe(
      "Failed to load image",
    );
    expect(screen.queryByRole("img", { name: "b.png" })).toBeNull();
  });
});
