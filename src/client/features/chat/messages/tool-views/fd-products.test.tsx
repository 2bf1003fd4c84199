// @vitest-environment happy-dom
// search_fd_products' card: the products with their details.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, within } from "@testing-library/react";
import { showToolResult, toolOutput } from "../test-helpers";

afterEach(cleanup);

describe("FD product results", () => {
  it("[TOOL-20] each product shows its name linked to its page, brand, category, barcode and ingredients", () => {
    showToolResult(
      "search_fd_products",
      { search_term: "yogurt" },
      {
        status: "success",
        totalHits: 81,
        products: [
          {
            fdcId: 2345678,
            description: "GREEK YOGURT, PLAIN",
            brandOwner: "Acme Dairy Co.",
            brandName: "ACME",
            gtinUpc: "041234567890",
            ingredients: "CULTURED PASTEURIZED NONFAT MILK.",
            foodCategory: "Yogurt",
            url: "https://fdc.nal.usda.gov/food-details/2345678/nutrients",
          },
        ],
      },
    );
    expect(toolOutput().textContent).toContain("1 of 81 products");
    const [item] = within(toolOutput()).getAllByTestId("fd-product");
    expect(within(item!).getByRole("link", { name: "GREEK YOGURT, PLAIN" }).getAttribute("href")).toBe(
      "https://fdc.nal.usda.gov/food-details/2345678/nutrients",
    );
    expect(item!.textContent).toContain("ACME · Yogurt · UPC 041234567890");
    expect(item!.textContent).toContain("CULTURED PASTEURIZED NONFAT MILK.");
  });
});
