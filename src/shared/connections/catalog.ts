import { INTEGRATION_BY_KEY } from "./integrations";
import { PROVIDER_BY_KEY } from "./providers";
import type { ConnectionDefinition } from "./types";

export const connectionDefinition = (key: string): ConnectionDefinition | undefined =>
  PROVIDER_BY_KEY[key] ?? INTEGRATION_BY_KEY[key];
