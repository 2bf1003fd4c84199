// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { ModelCatalogCard } from "./model-catalog-card";

afterEach(cleanup);

describe("model catalogue card", () => {
  it("[MODEL-28] output token counts are written with the locale's separators", () => {
    render(<ModelCatalogCard models={[]} />);
    const row = (name: string) => within(screen.getByText(name, { selector: "td" }).closest("tr")!);
    // Whatever the runtime's locale is, the count is grouped the way it groups numbers (32,768 in English).
    const local = (n: number) => new Intl.NumberFormat().format(n);
    expect(local(32768)).not.toBe("32768");
    expect(row("gpt-4.1").getByText(local(32768))).toBeTruthy();
    expect(row("o3").getByText(local(100000))).toBeTruthy();
    expect(row("claude-3-7-sonnet-latest").getByText(local(64000))).toBeTruthy();
  });
});
