// Follows a streamed reply while the reader is at the bottom of the page (issue 17 #15). Scrolling on
// each message update stopped short: what grows after the last update (the feedback block, a tool card
// opening, an image arriving) never moved the page. A ResizeObserver on the page follows every growth;
// a reader who scrolled up is left where they are until they come back down.
import { useEffect, useRef } from "react";

/** How close to the end still counts as "at the bottom". */
const SLACK_PX = 80;

export function useFollowBottom(active: boolean) {
  const atBottom = useRef(true);
  useEffect(() => {
    if (!active) return;
    const doc = document.documentElement;
    /** Where our own last scroll took the page: its scroll event arrives a frame later, maybe after more grew. */
    let followedTo = -1;
    const onScroll = () => {
      // Our own scroll (or the reader going further down) keeps following: judging it by the page as it is
      // now would stop at a block that appeared in between, as the feedback question did (about 90 px).
      if (atBottom.current && followedTo >= 0 && window.scrollY >= followedTo - 1) return;
      atBottom.current = window.innerHeight + window.scrollY >= doc.scrollHeight - SLACK_PX;
      followedTo = -1; // the reader moved: only our next scroll counts as ours
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    const follow = () => {
      if (!atBottom.current) return;
      window.scrollTo({ top: doc.scrollHeight, behavior: "instant" });
      followedTo = window.scrollY;
    };
    const observer = new ResizeObserver(follow);
    observer.observe(document.body);
    follow();
    return () => {
      window.removeEventListener("scroll", onScroll);
      observer.disconnect();
    };
  }, [active]);
}
