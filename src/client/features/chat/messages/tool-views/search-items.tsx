// TOOL-28/29: Postgres search items (optional title, content) and Pinecone matches (score, metadata).
import type { PgSearchItem } from "@/tools/result-parts";
import type { QueryPineconeResult } from "@/tools/query-pinecone/result";
import { ResultList } from "./result-list";
import { EMPTY_ITEMS, RESULT_TEXT_CUT, cut } from "./text";

/** TOOLCARD-19 */
export const pineconeScore = (score: number) => score.toFixed(4);

export function PgSearchView({ data }: { data: PgSearchItem[] }) {
  return (
    <ResultList
      items={data}
      empty={EMPTY_ITEMS}
      render={(item) => (
        <>
          {item.title && <p className="font-medium">{cut(item.title, RESULT_TEXT_CUT)}</p>}
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{cut(item.content, RESULT_TEXT_CUT)}</p>
        </>
      )}
    />
  );
}

const metadataText = (value: unknown) =>
  cut(typeof value === "string" ? value : JSON.stringify(value), RESULT_TEXT_CUT);

export function PineconeView({ data }: { data: QueryPineconeResult }) {
  return (
    <ResultList
      items={data.matches}
      empty={EMPTY_ITEMS}
      render={(match) => (
        <>
          <p className="font-medium">
            Score {pineconeScore(match.score)}
            {match.id && <span className="font-normal text-muted-foreground"> · {match.id}</span>}
          </p>
          {match.metadata && (
            <dl className="grid grid-cols-[auto_1fr] gap-x-2">
              {Object.entries(match.metadata).map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="text-muted-foreground">{key}</dt>
                  <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{metadataText(value)}</dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
    />
  );
}
