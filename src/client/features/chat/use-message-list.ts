// The message list is code-split from /chat's first load (bench/bundle-size.mjs keeps that small), but not
// with React.lazy: a lazy component first mounts when a reply begins, and React retries a suspended
// boundary at a priority the reply's own updates outrank. On a busy machine the tokens kept coming and the
// retry never ran, so the whole reply stayed behind a spinner until it ended (STREAM-30, session 9). The
// module is fetched when the chat page mounts and handed over with an ordinary state update instead.
import { useEffect, useState } from "react";
import type * as messageList from "./messages/message-list";

type MessageListModule = typeof messageList;

let loaded: MessageListModule | null = null;
let loading: Promise<MessageListModule> | null = null;

function loadMessageList(): Promise<MessageListModule> {
  loading ??= import("./messages/message-list").then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null; // a failed chunk request may be tried again by the next mount
      throw err;
    },
  );
  return loading;
}

/** The MessageList component once its chunk is here (null until then). */
export function useMessageList(): MessageListModule["MessageList"] | null {
  const [mod, setMod] = useState<MessageListModule | null>(loaded);
  useEffect(() => {
    if (mod) return;
    let live = true;
    loadMessageList().then(
      (m) => live && setMod(m),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [mod]);
  return mod?.MessageList ?? null;
}
