// Better Auth stores any string as an organisation logo or a user image, and the app renders both as
// <img src>. Only http(s) and our own file URLs are kept (security #11), like every other stored URL.
// Names are checked here too: another user field Better Auth takes as it comes.
import { APIError } from "better-auth/api";
import { isStorableUrl } from "../../shared/urls";
import { userNameProblem } from "../../shared/auth/user-name";

export const ORG_LOGO_MESSAGE = "Logo URL must be a valid URL";
export const USER_IMAGE_MESSAGE = "Image URL must be a valid URL";

/** Empty, null and absent mean "none"; anything else must be a storable URL. */
export function assertStorableUrl(value: unknown, message: string) {
  if (value === undefined || value === null || value === "") return;
  if (typeof value !== "string" || !isStorableUrl(value)) throw new APIError("BAD_REQUEST", { message });
}

/** Better Auth stores any name, blank included; the profile dialog and sign-up need a real one. */
export function assertUserName(value: unknown) {
  if (value === undefined) return;
  const problem = typeof value === "string" ? userNameProblem(value) : "Name must be text.";
  if (problem) throw new APIError("BAD_REQUEST", { message: problem });
}
