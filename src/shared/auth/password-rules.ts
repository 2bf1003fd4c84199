// The rules a new password must meet, shared by the sign-up form and the server (decision 025). The
// server also refuses passwords on a list of commonly used ones; that list stays on the server so the
// browser does not download it.
export const MIN_PASSWORD_LENGTH = 10;
/** Better Auth's own ceiling: longer inputs only cost hashing time. */
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
export const PASSWORD_TOO_COMMON = "This password is too common. Choose one that is harder to guess.";
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and not a commonly used password.`;

/** The length rule, on both sides; null when the password meets it. */
export function passwordLengthProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? PASSWORD_TOO_SHORT : null;
}
