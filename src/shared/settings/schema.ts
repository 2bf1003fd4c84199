import { z } from "zod";
import { intId } from "../ids";

/** POST /api/orgSettings: the default agent is stored as an integer, or null when empty (SET-07). */
export const orgSettingsInput = z.object({
  settings: z.object({
    defaultAgentId: z.preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      intId("Default agent must be an agent id").nullable(),
    ),
  }),
});

/** POST /api/admin/tools */
export const privateToolsInput = z.object({ enabledPrivateTools: z.array(z.string()) });

export const API_KEY_VALIDITY_MONTHS = 6;
