// The one error line of a small form (the server's words, or the client's check), announced when it appears.
export function FormError({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
    >
      {children}
    </p>
  );
}
