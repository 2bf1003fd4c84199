// Loads the highlighter on first need (its chunk stays out of /chat's initial JS, decision 087) and
// highlights; until it arrives, and for unknown languages, the caller shows the plain code.
import { useEffect, useMemo, useState, type ReactNode } from "react";

type Highlight = (code: string, language: string) => ReactNode | null;

let loaded: Highlight | null = null;
let loading: Promise<Highlight> | null = null;

function loadHighlighter(): Promise<Highlight> {
  loading ??= import("./highlight").then(
    (m) => (loaded = m.highlight),
    (err: unknown) => {
      loading = null; // a failed chunk load (a deploy in between) may be tried again by the next block
      throw err;
    },
  );
  return loading;
}

export function useHighlighted(code: string, language: string | undefined): ReactNode | null {
  const [highlight, setHighlight] = useState<Highlight | null>(() => loaded);
  useEffect(() => {
    if (!language || highlight) return;
    let live = true;
    loadHighlighter().then(
      (fn) => live && setHighlight(() => fn),
      () => {}, // plain code stays readable
    );
    return () => {
      live = false;
    };
  }, [language, highlight]);
  return useMemo(() => (highlight && language ? highlight(code, language) : null), [highlight, code, language]);
}
