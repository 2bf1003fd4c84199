import { eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { orgSettings } from "../db/tables";
import { DEFAULT_ORG_SETTINGS, type ModelPreferences, type OrgSettings } from "../../shared/org";

/** The organisation's settings and model preferences; defaults when nothing was saved yet. */
export async function getOrgState({
  orgId,
}: {
  orgId: string;
}): Promise<{ settings: OrgSettings; modelPreferences: ModelPreferences }> {
  const [row] = await db().select().from(orgSettings).where(eq(orgSettings.organizationId, orgId)).limit(1);
  return {
    settings: { ...DEFAULT_ORG_SETTINGS, ...row?.settings },
    modelPreferences: row?.modelPreferences ?? {},
  };
}

/**
 * Read-modify-write of one organisation's settings row under a row lock, so two admins saving at
 * once cannot lose each other's change.
 */
export async function updateOrgState(
  { orgId }: { orgId: string },
  change: (state: { settings: OrgSettings; modelPreferences: ModelPreferences }) => {
    settings: OrgSettings;
    modelPreferences: ModelPreferences;
  },
) {
  return db().transaction(async (tx) => {
    await tx.insert(orgSettings).values({ organizationId: orgId }).onConflictDoNothing();
    const [row] = await tx.select().from(orgSettings).where(eq(orgSettings.organizationId, orgId)).for("update");
    const next = change({
      settings: { ...DEFAULT_ORG_SETTINGS, ...row!.settings },
      modelPreferences: row!.modelPreferences ?? {},
    });
    await tx
      .update(orgSettings)
      .set({ settings: next.settings, modelPreferences: next.modelPreferences, updatedAt: sql`now()` })
      .where(eq(orgSettings.organizationId, orgId));
    return next;
  });
}
