// search_tiktok: each video's caption, author and engagement, and its top comments when asked for.
import type { TiktokVideo } from "@/tools/search-tiktok/result";
import { Notice } from "./notice";
import { ResultList } from "./result-list";
import { ResultLink } from "./result-link";
import { EMPTY_ITEMS, RESULT_TEXT_CUT, cut } from "./text";

const count = new Intl.NumberFormat("en-US");

/** "1,200 likes · 3 comments · 40 shares · 50,000 views", leaving out what TikTok did not send. */
export function engagement(v: TiktokVideo): string {
  const parts: [number | null | undefined, string][] = [
    [v.like_count, "likes"],
    [v.comment_count, "comments"],
    [v.share_count, "shares"],
    [v.view_count, "views"],
  ];
  return parts
    .filter(([n]) => typeof n === "number")
    .map(([n, label]) => `${count.format(n!)} ${label}`)
    .join(" · ");
}

export function TiktokView({ data }: { data: { videos: TiktokVideo[] } }) {
  return (
    <ResultList
      items={data.videos}
      empty={EMPTY_ITEMS}
      itemTestId="tiktok-video"
      render={(v) => (
        <>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
            <ResultLink href={v.url}>{cut(v.caption || "(no caption)", RESULT_TEXT_CUT)}</ResultLink>
          </p>
          <Notice>
            {[v.author && `@${v.author}`, v.created_at?.slice(0, 10), engagement(v)].filter(Boolean).join(" · ")}
          </Notice>
          {v.comments && v.comments.length > 0 && (
            <ul className="mt-1 flex flex-col gap-1 border-l-2 pl-2" aria-label="Top comments">
              {v.comments.map((c, j) => (
                <li key={j} className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                  {cut(c.text, RESULT_TEXT_CUT)}
                  {typeof c.like_count === "number" && (
                    <span className="text-muted-foreground"> ({count.format(c.like_count)} likes)</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    />
  );
}
