import { Hono } from "hono";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { parseJson } from "../http/parse";
import { db } from "../db/client";
import { feedback } from "../db/tables";
import { getOwnConversation } from "../conversations/access";
import { intId } from "../../shared/ids";

const feedbackInput = z.object({
  conversationId: z.string().min(1, "conversationId is required"),
  agentId: intId().optional(),
  isHelpful: z.boolean({
    required_error: "isHelpful is required",
    invalid_type_error: "isHelpful must be true or false",
  }),
  comment: z.string().max(2000).optional(),
});

export const feedbackRoutes = new Hono<AppEnv>()
  .get("/feedback", requireOrg, async (c) => {
    const row = await getOwnConversation({
      orgId: c.var.org.id,
      id: c.req.query("conversationId") ?? "",
      userId: c.var.user.id,
    });
    const [fb] = await db()
      .select()
      .from(feedback)
      .where(
        and(
          eq(feedback.organizationId, c.var.org.id),
          eq(feedback.conversationId, row.id),
          eq(feedback.userId, c.var.user.id),
        ),
      );
    return c.json(
      fb
        ? { exists: true, data: { isHelpful: fb.isHelpful, comment: fb.comment, updatedAt: fb.updatedAt } }
        : { exists: false, data: null },
    );
  })
  .post("/feedback", requireOrg, async (c) => {
    const input = await parseJson(c, feedbackInput);
    const row = await getOwnConversation({
      orgId: c.var.org.id,
      id: input.conversationId,
      userId: c.var.user.id,
      live: true,
    });
    await db()
      .insert(feedback)
      .values({
        organizationId: c.var.org.id,
        conversationId: row.id,
        userId: c.var.user.id,
        agentId: row.agentId,
        isHelpful: input.isHelpful,
        comment: input.comment ?? null,
      })
      .onConflictDoUpdate({
        target: [feedback.conversationId, feedback.userId],
        set: { isHelpful: input.isHelpful, comment: input.comment ?? null, updatedAt: sql`now()` },
      });
    return c.json({ success: true, data: { isHelpful: input.isHelpful } });
  });
