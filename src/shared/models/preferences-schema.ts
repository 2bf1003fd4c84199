// POST /api/updateModelPreferences (hub spec §7).
import { z } from "zod";

export const modelPreferencesInput = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("set_default"),
    key: z.enum(["chat", "embedding"], { errorMap: () => ({ message: "key must be chat or embedding" }) }),
    data: z.string().trim().min(1, "A model is required").nullable(),
  }),
  z.object({
    action: z.literal("create"),
    key: z.string().regex(/^azure:.+$/, "Azure instance keys look like azure:{deployment}"),
    data: z.object({
      provider: z.literal("azure_openai").default("azure_openai"),
      deploymentName: z
        .string({ required_error: "Please fill in all required fields" })
        .trim()
        .min(1, "Please fill in all required fields"),
      type: z.enum(["chat", "embedding"], { errorMap: () => ({ message: "type must be chat or embedding" }) }),
      underlyingModel: z.string().trim().optional(),
    }),
  }),
  z.object({ action: z.literal("delete"), key: z.string().min(1) }),
]);
export type ModelPreferencesInput = z.infer<typeof modelPreferencesInput>;
