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
    const onScroll = () => (atBottom.current = window.innerHeight + window.scrollY >= doc.scrollHeight - SLACK_PX);
    window.addEventListener("scroll", onScroll, { passive: true });
    const follow = () => {
      if (atBottom.current) window.scrollTo({ top: doc.scrollHeight });
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
