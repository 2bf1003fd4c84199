import { z } from "zod";
import { stdioEnvRefusal } from "./mcp-env";
import { webUrl } from "../urls";

export const mcpServerInput = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("stdio"),
    name: z.string().trim().min(1, "Name is required").max(100, "Name must be less than 100 characters"),
    description: z.string().default(""),
    enabled: z.boolean().default(true),
    command: z.string().trim().min(1, "Command is required"),
    args: z.array(z.string()).default([]),
    env: z
      .record(z.string())
      .superRefine((env, ctx) => {
        for (const name of Object.keys(env)) {
          const refusal = stdioEnvRefusal(name);
          if (refusal) ctx.addIssue({ code: z.ZodIssueCode.custom, message: refusal, path: [name] });
        }
      })
      .optional(),
  }),
  z.object({
    type: z.enum(["http", "sse"]),
    name: z.string().trim().min(1, "Name is required").max(100, "Name must be less than 100 characters"),
    description: z.string().default(""),
    enabled: z.boolean().default(true),
    url: webUrl("URL must be a valid URL"),
    headers: z.record(z.string()).optional(),
  }),
]);
export type McpServerInput = z.infer<typeof mcpServerInput>;
