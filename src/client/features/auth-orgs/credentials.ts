// Client-side checks before calling Better Auth; the server enforces the same bounds (and refuses
// commonly used passwords, which only it can check).
import { passwordLengthProblem } from "@/shared/auth/password-rules";

export type AuthMode = "sign-in" | "sign-up";

export function validateCredentials(
  mode: AuthMode,
  input: { name: string; email: string; password: string },
): string | null {
  if (mode === "sign-up" && !input.name.trim()) return "Name is required.";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email.trim())) return "Enter a valid email address.";
  if (!input.password) return "Password is required.";
  if (mode === "sign-up") return passwordLengthProblem(input.password);
  return null;
}
