// Lets a new or retried file start at once instead of at the worker's next poll.
type Listener = () => void;
const listeners = new Set<Listener>();

export function onWake(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wakeIngestion() {
  for (const l of listeners) l();
}
