// Lets the chat layer hold back the reading of model streams already under way while something more urgent
// waits for the CPU: chats waiting to start (decision 146). The events stay in the socket and are read later,
// several at a time.
type Gate = () => Promise<void> | undefined;
let gate: Gate | undefined;

export function setReadGate(g: Gate | undefined) {
  gate = g;
}

/** A promise to wait on before the next read, or undefined to read now. */
export const readGate = (): Promise<void> | undefined => gate?.();
