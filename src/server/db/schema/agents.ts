import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { organization, user } from "./auth";
import type { ToolSetting } from "../../../shared/agents/schema";

export const agent = pgTable(
  "agent",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    logoUrl: text("logo_url").notNull().default(""),
    model: text("model").notNull(),
    stage: text("stage").notNull().default("development"),
    systemPrompt: text("system_prompt").notNull().default(""),
    conversationStarters: jsonb("conversation_starters").$type<string[]>().notNull().default([]),
    maxToolRoundtrips: integer("max_tool_roundtrips").notNull().default(20),
    tools: jsonb("tools").$type<Record<string, ToolSetting>>().notNull().default({}),
    showInChat: boolean("show_in_chat").notNull().default(true),
    integrations: jsonb("integrations").$type<unknown[]>().notNull().default([]),
    mcpServers: jsonb("mcp_servers").$type<number[]>().notNull().default([]),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Soft delete: conversations keep showing the agent's name and logo.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("agent_org_idx").on(t.organizationId), unique("agent_org_id_unique").on(t.organizationId, t.id)],
);

export const mcpServer = pgTable(
  "mcp_server",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    enabled: boolean("enabled").notNull().default(true),
    type: text("type").notNull(), // stdio | http | sse
    command: text("command"),
    args: jsonb("args").$type<string[]>().notNull().default([]),
    url: text("url"),
    // Headers or environment for the server, encrypted like other credentials.
    encryptedSecrets: text("encrypted_secrets"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mcp_server_org_idx").on(t.organizationId)],
);
