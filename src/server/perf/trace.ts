// Stage marks on the way to a chat's first token (decision 112). `bench/ttft-trace.mjs`, preloaded into a
// server under bench, installs the sinks; otherwise they are undefined and each call site costs one check.
type Sink = (stage: string) => void;
const g = globalThis as { __sbTraceMark?: Sink; __sbTraceFinish?: Sink };

export const mark: Sink | undefined = g.__sbTraceMark;
/** The last mark of a chat: its first text line written to the client's socket. */
export const finishTrace: Sink | undefined = g.__sbTraceFinish;
