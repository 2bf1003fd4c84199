// Per-organisation application state that Better Auth does not own. Every row is keyed by the
// organisation, so the schema can be distributed by organisation (see ARCHITECTURE.md).
import { jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { organization } from "./auth";
import type { ModelPreferences, OrgSettings } from "../../../shared/org";

export const orgSettings = pgTable("org_settings", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organization.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<OrgSettings>().notNull().default({ defaultAgentId: null, enabledPrivateTools: [] }),
  modelPreferences: jsonb("model_preferences").$type<ModelPreferences>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Credentials of a provider or integration, encrypted with the secrets helper; never returned. */
export const connection = pgTable(
  "connection",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    encryptedData: text("encrypted_data").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.key] })],
);
