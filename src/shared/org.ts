// Shapes of the organisation data returned by GET /api/getUser (chat spec §3, hub spec §3).

export interface OrgSettings {
  defaultAgentId: number | null;
  enabledPrivateTools: string[];
}

export interface ModelInstance {
  provider: string;
  deploymentName: string;
  type: "chat" | "embedding";
  underlyingModel: string;
}

export interface ModelPreferences {
  defaultChatModel?: string | null;
  defaultEmbeddingModel?: string | null;
  modelInstances?: Record<string, ModelInstance>;
}

export interface UserOrganization {
  id: string;
  name: string;
  slug: string;
  role: string;
  imageUrl: string | null;
  /** Connected provider/integration keys mapped to `true`; never the credentials. */
  connections: Record<string, unknown>;
  modelPreferences: ModelPreferences;
  settings: OrgSettings;
}

export interface ExternalAccount {
  id: string;
  provider: string;
  approvedScopes: string[];
}

export interface UserInfo {
  id: string;
  name: string;
  email: string;
  imageUrl: string | null;
  activeOrganizationId: string | null;
  organizations: UserOrganization[];
  externalAccounts: ExternalAccount[];
  /** Tools the server operator has not configured (missing keys or SMTP): they answer an error until then. */
  unconfiguredTools: string[];
}

export const DEFAULT_ORG_SETTINGS: OrgSettings = { defaultAgentId: null, enabledPrivateTools: [] };
