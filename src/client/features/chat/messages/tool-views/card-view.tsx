// A tool's card view (src/tools/<tool>/card.tsx): its result schema paired with the view of what that
// schema parses to. A result that does not fit renders nothing here, and the card falls back to the
// shared long-text viewer.
import type { ReactNode } from "react";
import type { ZodType, ZodTypeDef } from "zod";
import { pgSearchResult, redditResult } from "@/tools/result-parts";
import { parseToolData } from "./payload";
import { RedditView } from "./reddit";
import { PgSearchView } from "./search-items";

export interface ToolCardView {
  render: (result: unknown, previewLength: number) => ReactNode | undefined;
}

export function resultView<T>(
  schema: ZodType<T, ZodTypeDef, unknown>,
  show: (data: T, previewLength: number) => ReactNode,
): ToolCardView {
  return {
    render: (result, previewLength) => {
      const data = parseToolData(schema, result);
      return data === undefined ? undefined : show(data, previewLength);
    },
  };
}

/** The four Postgres searches share one result shape and view (TOOL-28). */
export const pgSearchCard = resultView(pgSearchResult, (data) => <PgSearchView data={data} />);
/** read_subreddit and search_reddit return the same posts. */
export const redditCard = resultView(redditResult, (data) => <RedditView data={data} />);
