// @vitest-environment happy-dom
// The sub-conversation viewer (chat spec §2 "Sub-conversation viewer", §4 drawer, §9 constants).
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { SubConversationViewer, type SnapPoint } from "./sub-conversation";
import { InChat } from "./test-helpers";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

const fetchMock = mockFetch();
const text = (id: string, role: UIMessage["role"], t: string): UIMessage => ({
  id,
  role,
  content: t,
  parts: [{ type: "text", text: t }],
});

/** A screen `width` px wide: matchMedia answers (max-width: Npx) queries as a browser would. */
function screenWidth(width: number) {
  vi.stubGlobal("matchMedia", (query: string) => {
    const max = /\(max-width:\s*(\d+)px\)/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener() {},
      removeEventListener() {},
    };
  });
}

let stored: UIMessage[] = [];
beforeEach(() => {
  stored = [];
  fetchMock.mockImplementation(async (url) =>
    String(url) === "/api/getConversation?threadId=sub-1&orgId=org_1"
      ? json({ messages: stored, isDeleted: false, agentId: 2 })
      : json({ error: "no" }, 404),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
// vaul clears its "just released" flag 200 ms after a drag ends: let that timer fire while the test DOM still
// exists, not after the file's environment is torn down (an unhandled "window is not defined").
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));

const sub = { id: "sub-1", threadId: "sub-1", agentName: "Helper", agentLogoUrl: null };
const tree = (onOpenChange: (open: boolean) => void, open: boolean, snapPoints?: SnapPoint[]) => (
  <InChat>
    <SubConversationViewer sub={sub} open={open} onOpenChange={onOpenChange} snapPoints={snapPoints} />
  </InChat>
);
const viewer = (onOpenChange = vi.fn(), open = true, snapPoints?: SnapPoint[]) =>
  render(tree(onOpenChange, open, snapPoints));

describe("SubConversationViewer", () => {
  it("[SUB-02] a dialog from 768 px wide, a bottom drawer below", async () => {
    screenWidth(768);
    viewer();
    const dialog = await screen.findByRole("dialog", { name: "Sub-conversation Details" });
    expect(dialog.hasAttribute("data-vaul-drawer")).toBe(false);
    expect(dialog.getAttribute("data-slot")).toBe("dialog-content");
    cleanup();

    screenWidth(767);
    viewer();
    const drawer = await screen.findByRole("dialog", { name: "Sub-conversation Details" });
    expect(drawer.hasAttribute("data-vaul-drawer")).toBe(true);
    expect(drawer.getAttribute("data-vaul-drawer-direction")).toBe("bottom");
    expect(drawer.className).toMatch(/\bbottom-0\b/);
  });

  it("[SUB-07] [SUB-09] system messages are filtered out of the count and of a list that scrolls within 500 px", async () => {
    screenWidth(1280);
    stored = [text("s1", "system", "hidden instructions"), text("u1", "user", "ping"), text("a1", "assistant", "pong")];
    viewer();
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("pong")).toBeTruthy();
    expect(within(dialog).getByText("ping")).toBeTruthy();
    expect(within(dialog).queryByText("hidden instructions")).toBeNull();
    expect(within(dialog).getByText("2 messages")).toBeTruthy();
    const list = within(dialog).getByTestId("sub-conversation-messages");
    expect(list.className).toMatch(/\bmax-h-\[500px\]/);
    expect(list.className).toMatch(/\boverflow-y-auto\b/);
    expect(list.querySelectorAll("li[data-role]")).toHaveLength(2);
  });

  it("[SUB-08] [SUB-09] with no messages (or only system ones) it says No messages in this sub-conversation", async () => {
    screenWidth(1280);
    stored = [text("s1", "system", "hidden instructions")];
    viewer();
    expect(await screen.findByText("No messages in this sub-conversation")).toBeTruthy();
    expect(screen.getByText("0 messages")).toBeTruthy();
    expect(screen.queryByText("hidden instructions")).toBeNull();
  });

  it("[CONV-19] a sub-conversation that fails to load says Failed to load conversation.", async () => {
    screenWidth(1280);
    fetchMock.mockImplementation(async () => json({ error: "Not found" }, 404));
    viewer();
    expect(await screen.findByText("Failed to load conversation.")).toBeTruthy();
  });
});

/**
 * The drawer, dragged with a pointer. happy-dom lays nothing out, so the drawer is given a height and
 * the computed transform reads the inline translate as a browser's matrix would; the clock is faked
 * so drag speeds are exact (vaul measures them with Date).
 */
describe("SubConversationViewer drawer (small screens)", () => {
  const HEIGHT = 400;
  let now = 0;
  let drawer!: HTMLElement;
  let view!: ReturnType<typeof viewer>;

  beforeEach(async () => {
    screenWidth(375);
    vi.useFakeTimers({ toFake: ["Date"] });
    now = Date.parse("2025-01-01T00:00:00Z");
    vi.setSystemTime(now);
    const realComputed = window.getComputedStyle.bind(window);
    vi.spyOn(window, "getComputedStyle").mockImplementation((el, pseudo) => {
      const style = realComputed(el, pseudo);
      const y =
        /translate3d\(0(?:px)?, (-?[\d.]+)px, 0(?:px)?\)/.exec((el as HTMLElement).style?.transform ?? "")?.[1] ?? "0";
      return new Proxy(style, {
        get: (target, key) =>
          key === "transform"
            ? `matrix(1, 0, 0, 1, 0, ${y})`
            : (target as unknown as Record<string | symbol, unknown>)[key],
      });
    });
  });

  async function openDrawer(snapPoints?: SnapPoint[]) {
    const onOpenChange = vi.fn();
    view = viewer(onOpenChange, true, snapPoints);
    drawer = await screen.findByRole("dialog", { name: "Sub-conversation Details" });
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done()))); // the frame after opening
    vi.spyOn(drawer, "getBoundingClientRect").mockReturnValue({
      height: HEIGHT,
      width: 375,
      top: 400,
      bottom: 800,
      left: 0,
      right: 375,
      x: 0,
      y: 400,
      toJSON() {},
    } as DOMRect);
    Object.assign(drawer, { setPointerCapture() {} });
    // Just opened drawers ignore drags for 500 ms (their open animation).
    tick(1000);
    return onOpenChange;
  }
  function tick(ms: number) {
    now += ms;
    vi.setSystemTime(now);
  }
  /** A pointer event at height `y` (happy-dom's events have no pageX/pageY, which vaul reads). */
  function pointer(type: "pointerdown" | "pointermove" | "pointerup", y: number) {
    const event = new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, clientX: 10, clientY: y });
    Object.defineProperties(event, { pageX: { value: 10 }, pageY: { value: y } });
    fireEvent(drawer, event);
  }
  /** Drags the drawer `dy` px down (negative: up), taking `ms`. */
  function drag(dy: number, ms: number) {
    pointer("pointerdown", 100);
    pointer("pointermove", 100 + dy);
    tick(ms);
    pointer("pointerup", 100 + dy);
  }
  const resting = /^translate3d\(0(px)?, 0(px)?, 0(px)?\)$/;
  /** How far down the drawer is dragged right now, in px. */
  const offset = () => Number(/^translate3d\([^,]+, (-?[\d.]+)px/.exec(drawer.style.transform)?.[1] ?? 0);

  it("[SUB-11] [SUB-13] a slow drag closes it from 25% of its height; a shorter one springs back over 0.5s", async () => {
    const onOpenChange = await openDrawer();
    drag(HEIGHT * 0.24, 1000); // 0.096 px/ms: slow
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(drawer.style.transform).toMatch(resting);
    expect(drawer.style.transition).toMatch(/^transform 0\.5s /);

    tick(1000);
    drag(HEIGHT * 0.25, 1000);
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
  });

  it("[SUB-11] [SUB-13] a fast drag closes it: faster than 0.4 px/ms", async () => {
    const onOpenChange = await openDrawer();
    drag(40, 100); // exactly 0.4 px/ms, 10% of the height: stays
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(drawer.style.transition).toMatch(/^transform 0\.5s /); // it moved, and sprang back
    tick(1000);
    drag(44, 100); // 0.44 px/ms, 11% of the height: closes
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
  });

  it("[SUB-13] after the content scrolls, the drawer will not drag for 100 ms", async () => {
    const onOpenChange = await openDrawer();
    const move = (dy: number) => pointer("pointermove", 100 + dy);

    // Pushing up scrolls the content; a pull down within 100 ms does not move the drawer.
    pointer("pointerdown", 100);
    move(-30);
    tick(99);
    move(200);
    expect(offset()).toBe(0);
    tick(1);
    pointer("pointerup", 300);
    expect(onOpenChange).not.toHaveBeenCalled();

    // 100 ms after the last scroll the same pull drags it, and past 25% it closes.
    tick(1000);
    pointer("pointerdown", 100);
    move(-30);
    tick(100);
    move(200);
    expect(offset()).toBe(200);
    tick(1000);
    pointer("pointerup", 300);
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
  });
  it("[SUB-12] given snap points, it opens fully, rests on the nearest point, and a fast drag down from the lowest closes it", async () => {
    const screenHeight = window.innerHeight;
    const onOpenChange = await openDrawer([0.5, 1]);
    expect(drawer.className).toMatch(/\bh-full\b/); // measured against the screen, so as tall as it allows
    expect(offset()).toBe(0); // the last point: fully open

    // A slow drag 40% of the screen down would close a drawer without snap points (SUB-11);
    // here it settles on the half-height point instead.
    drag(screenHeight * 0.4, 2000);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(offset()).toBe(screenHeight * 0.5);
    expect(drawer.style.transition).toMatch(/^transform 0\.5s /);

    // Slowly back up past the middle: fully open again.
    tick(1000);
    drag(-screenHeight * 0.3, 2000);
    expect(offset()).toBe(0);

    // A fast drag down from the top point drops to the half point; from there another closes it.
    tick(1000);
    drag(60, 100);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(offset()).toBe(screenHeight * 0.5);
    tick(1000);
    drag(60, 100);
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
  });

  it("[SUB-12] every opening starts fully open again", async () => {
    const points = [0.5, 1];
    const onOpenChange = await openDrawer(points);
    drag(window.innerHeight * 0.4, 2000);
    expect(offset()).toBe(window.innerHeight * 0.5);

    view.rerender(tree(onOpenChange, false, points));
    view.rerender(tree(onOpenChange, true, points));
    drawer = await screen.findByRole("dialog", { name: "Sub-conversation Details" });
    expect(offset()).toBe(0);
  });

  it("[SUB-12] [SUB-11] without snap points the drawer keeps its own height and its 25% rule", async () => {
    const onOpenChange = await openDrawer();
    expect(drawer.className).toMatch(/\bmax-h-\[85svh\]/);
    expect(drawer.className).not.toMatch(/\bh-full\b/);
    drag(HEIGHT * 0.4, 2000);
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
  });
});
