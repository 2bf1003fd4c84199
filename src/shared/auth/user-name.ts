// A user's display name: required, and short enough for the account menu. Checked by the sign-up form,
// the profile dialog and the server alike.
export const USER_NAME_MAX_LENGTH = 100;
export const USER_NAME_REQUIRED = "Name is required.";
export const USER_NAME_TOO_LONG = `Name must be at most ${USER_NAME_MAX_LENGTH} characters.`;

export function userNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return USER_NAME_REQUIRED;
  return trimmed.length > USER_NAME_MAX_LENGTH ? USER_NAME_TOO_LONG : null;
}
