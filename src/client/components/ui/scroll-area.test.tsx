// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render } from "@testing-library/react";
import { ScrollArea } from "./scroll-area";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("scroll area", () => {
  it("[SHELL-22] the scrollbar hides 600 ms after scrolling stops", () => {
    vi.useFakeTimers();
    const { container } = render(
      <ScrollArea type="scroll" style={{ height: 100 }}>
        <div style={{ height: 1000 }}>Long content</div>
      </ScrollArea>,
    );
    const viewport = container.querySelector<HTMLElement>('[data-slot="scroll-area-viewport"]')!;
    const scrollbar = () => container.querySelector('[data-slot="scroll-area-scrollbar"]');
    expect(scrollbar()).toBeNull();

    viewport.scrollTop = 200;
    fireEvent.scroll(viewport);
    expect(scrollbar()).not.toBeNull();
    // Radix treats scrolling as ended 100 ms after the last scroll event; the hide delay starts then.
    act(() => void vi.advanceTimersByTime(100));
    act(() => void vi.advanceTimersByTime(599));
    expect(scrollbar()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(scrollbar()).toBeNull();
  });
});
