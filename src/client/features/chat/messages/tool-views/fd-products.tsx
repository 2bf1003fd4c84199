// search_fd_products: each product's name (linked to its FoodData Central page), brand, barcode, category
// and ingredients.
import type { FdProduct } from "@/tools/search-fd-products/result";
import { Notice } from "./notice";
import { ResultList } from "./result-list";
import { ResultLink } from "./result-link";
import { EMPTY_ITEMS, RESULT_TEXT_CUT, cut } from "./text";

export function FdProductsView({ data }: { data: { totalHits?: number | null; products: FdProduct[] } }) {
  return (
    <div className="flex flex-col gap-2">
      {typeof data.totalHits === "number" && data.products.length > 0 && (
        <Notice>
          {data.products.length} of {data.totalHits} products
        </Notice>
      )}
      <ResultList
        items={data.products}
        empty={EMPTY_ITEMS}
        itemTestId="fd-product"
        render={(p) => (
          <>
            <p className="font-medium">
              <ResultLink href={p.url}>{cut(p.description, RESULT_TEXT_CUT)}</ResultLink>
            </p>
            <Notice>
              {[p.brandName || p.brandOwner, p.foodCategory, p.gtinUpc && `UPC ${p.gtinUpc}`]
                .filter(Boolean)
                .join(" · ")}
            </Notice>
            {p.ingredients && <p className="[overflow-wrap:anywhere]">{cut(p.ingredients, RESULT_TEXT_CUT)}</p>}
          </>
        )}
      />
    </div>
  );
}
