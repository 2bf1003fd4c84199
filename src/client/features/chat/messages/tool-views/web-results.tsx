// TOOL-09: search_google's results, each its title linked to the page (new tab, web addresses only) and
// its snippet; "No results found" when there are none (TOOLCARD-37).
import type { SearchGoogleResult } from "@/tools/search-google/result";
import { ResultLink } from "./result-link";
import { ResultList } from "./result-list";
import { EMPTY_ITEMS, RESULT_TEXT_CUT, cut } from "./text";

export function WebResultsView({ data }: { data: SearchGoogleResult }) {
  return (
    <ResultList
      items={data.results}
      empty={EMPTY_ITEMS}
      render={(r) => (
        <>
          <p className="font-medium">
            <ResultLink href={r.link}>{r.title || r.link}</ResultLink>
          </p>
          {r.snippet && <p className="[overflow-wrap:anywhere]">{cut(r.snippet, RESULT_TEXT_CUT)}</p>}
        </>
      )}
    />
  );
}
