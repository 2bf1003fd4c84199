import { useEffect } from "react";
import { documentTitle } from "./routes";

export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
