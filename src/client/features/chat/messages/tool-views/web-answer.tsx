// TOOL-11/12: ask_web and deep research answer with a message and the URLs they cite; deep research
// also lists its search results and what it used.
import type { AskWebResult } from "@/tools/ask-web/result";
import type { DeepResearchResult } from "@/tools/perplexity-deep-research/result";
import { LongText } from "../long-text";
import { Notice } from "./notice";
import { Citations, ResultLink } from "./result-link";

export function AskWebView({ data, previewLength }: { data: AskWebResult; previewLength: number }) {
  return (
    <>
      <LongText value={data.message} previewLength={previewLength} />
      <Citations urls={data.citations} />
    </>
  );
}

export function DeepResearchView({ data, previewLength }: { data: DeepResearchResult; previewLength: number }) {
  const usage = data.usage;
  const counts = [
    ["Search queries", usage?.numSearchQueries],
    ["Reasoning tokens", usage?.reasoningTokens],
    ["Total tokens", usage?.totalTokens],
  ].filter((c): c is [string, number] => typeof c[1] === "number");
  return (
    <>
      <LongText value={data.message} previewLength={previewLength} />
      <Citations urls={data.citations} />
      {data.searchResults && data.searchResults.length > 0 && (
        <section aria-label="Search results" className="flex flex-col gap-1">
          <h5 className="text-xs font-medium text-muted-foreground">Search results</h5>
          <ul className="flex flex-col gap-0.5 text-xs">
            {data.searchResults.map((r, i) => (
              <li key={i}>
                <ResultLink href={r.url}>{r.title || r.url}</ResultLink>
                {r.date && <span className="text-muted-foreground"> · {r.date}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {counts.length > 0 && (
        <Notice>{counts.map(([label, n]) => `${label}: ${n.toLocaleString()}`).join(" · ")}</Notice>
      )}
    </>
  );
}
