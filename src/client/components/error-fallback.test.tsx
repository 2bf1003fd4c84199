// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { RenderErrorBoundary } from "./error-fallback";

afterEach(cleanup);

function Broken(): never {
  throw new Error("render failed");
}

describe("render error boundary", () => {
  it("[ERR-04] a component that fails to render is replaced by Something went wrong.", () => {
    // React reports the caught error on the console; keep the test output clean.
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <div>
        <p>Still here</p>
        <RenderErrorBoundary>
          <Broken />
        </RenderErrorBoundary>
      </div>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Something went wrong.");
    expect(screen.getByText("Still here")).toBeTruthy();
    consoleError.mockRestore();
  });
});
