// read_subreddit and search_reddit: posts, each with up to 3 of its top comments (TOOLCARD-21).
import type { RedditPost } from "@/tools/result-parts";
import { Notice } from "./notice";
import { ResultList } from "./result-list";
import { ResultLink, isWebUrl } from "./result-link";
import { EMPTY_ITEMS, RESULT_TEXT_CUT, cut } from "./text";

export const TOP_COMMENTS_PER_POST = 3;

const postUrl = (post: RedditPost) =>
  isWebUrl(post.url) ? post.url : post.permalink ? `https://www.reddit.com${post.permalink}` : null;

/** The highest-scored comments first; without scores, the order Reddit gave. */
export function topComments(comments: NonNullable<RedditPost["comments"]>) {
  return [...comments].sort((a, b) => (b.score ?? 0) - (a.score ?? 0)).slice(0, TOP_COMMENTS_PER_POST);
}

export function RedditView({ data }: { data: { posts: RedditPost[] } }) {
  return (
    <ResultList
      items={data.posts}
      empty={EMPTY_ITEMS}
      itemTestId="reddit-post"
      render={(post) => (
        <>
          <p className="font-medium">
            <ResultLink href={postUrl(post)}>{cut(post.title, RESULT_TEXT_CUT)}</ResultLink>
          </p>
          <Notice>
            {[
              post.subreddit && `r/${post.subreddit}`,
              post.author && `u/${post.author}`,
              typeof post.score === "number" && `${post.score} points`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Notice>
          {post.selftext && (
            <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{cut(post.selftext, RESULT_TEXT_CUT)}</p>
          )}
          {post.comments && post.comments.length > 0 && (
            <ul className="mt-1 flex flex-col gap-1 border-l-2 pl-2" aria-label="Top comments">
              {topComments(post.comments).map((c, j) => (
                <li key={j} className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                  {c.author && <span className="font-medium">{c.author}: </span>}
                  {cut(c.body, RESULT_TEXT_CUT)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    />
  );
}
