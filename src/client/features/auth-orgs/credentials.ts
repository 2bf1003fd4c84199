// Client-side checks before calling Better Auth; the server enforces the same bounds.
export type AuthMode = "sign-in" | "sign-up";

export const MIN_PASSWORD_LENGTH = 8;

export function validateCredentials(mode: AuthMode, input: { name: string; email: string; password: string }): string | null {
  if (mode === "sign-up" && !input.name.trim()) return "Name is required.";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) return "Enter a valid email address.";
  if (!input.password) return "Password is required.";
  if (mode === "sign-up" && input.password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  return null;
}
