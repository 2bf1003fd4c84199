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
  /**
   * Tools this organisation cannot run yet: neither the server operator nor the organisation (its own keys
   * in Integrations, decision 092) configured them. They answer an error until then.
   */
  unconfiguredTools: string[];
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
  /**
   * Tools the server operator has not configured (missing keys or SMTP). An organisation may bring its own
   * keys for the web tools: what it can run is its `unconfiguredTools`.
   */
  unconfiguredTools: string[];
}

export const DEFAULT_ORG_SETTINGS: OrgSettings = { defaultAgentId: null, enabledPrivateTools: [] };
