// Hono's environment for every /api route: who is calling, in which organisation, with which role.
export interface RequestUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

export interface RequestOrg {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
}

export interface AppEnv {
  Variables: {
    user: RequestUser;
    sessionId: string;
    activeOrganizationId: string | null;
    /** Set when the caller authenticated with a personal API key, which works in this organisation only. */
    apiKeyOrgId?: string;
    org: RequestOrg;
    role: string;
    isAdmin: boolean;
  };
}
