// A clock that re-renders its user every `intervalMs`, so relative times ("5m ago") and a running
// execution's duration stay current without refetching.
import { useEffect, useState } from "react";

export function useNow(intervalMs: number, active = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
