// The Output of a search_fd_products card: the products found, with brand, barcode and ingredients.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { FdProductsView } from "@/client/features/chat/messages/tool-views/fd-products";
import { searchFdProductsResult } from "./result";

export const card = resultView(searchFdProductsResult, (data) => <FdProductsView data={data} />);
