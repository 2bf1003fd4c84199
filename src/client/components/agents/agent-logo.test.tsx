// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { AgentLogo } from "./agent-logo";

afterEach(cleanup);

describe("agent logo", () => {
  it("[AGENT-05] an empty logoUrl shows the default icon; a logo URL shows the image", () => {
    for (const url of ["", null, undefined]) {
      const { container, unmount } = render(<AgentLogo url={url} />);
      expect(screen.getByTestId("agent-default-logo").querySelector("svg")).not.toBeNull();
      expect(container.querySelector("img")).toBeNull();
      unmount();
    }
    const { container } = render(<AgentLogo url="https://example.com/logo.png" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("https://example.com/logo.png");
    expect(screen.queryByTestId("agent-default-logo")).toBeNull();
  });

  it("[AGENT-05] a logo that fails to load falls back to the default icon", () => {
    const { container } = render(<AgentLogo url="https://example.com/missing.png" />);
    fireEvent.error(container.querySelector("img")!);
    expect(screen.getByTestId("agent-default-logo")).toBeTruthy();
    expect(container.querySelector("img")).toBeNull();
  });
});
