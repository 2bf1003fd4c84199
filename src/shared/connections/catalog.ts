import { INTEGRATION_BY_KEY } from "./integrations";
import { PROVIDER_BY_KEY } from "./providers";
import type { ConnectionDefinition } from "./types";
import { WEB_SERVICE_BY_KEY } from "./web-services";

export const connectionDefinition = (key: string): ConnectionDefinition | undefined =>
  PROVIDER_BY_KEY[key] ?? INTEGRATION_BY_KEY[key] ?? WEB_SERVICE_BY_KEY[key];
