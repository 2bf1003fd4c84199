// After a change that shows in GET /api/getUser (connections, settings, model preferences), the shell's
// user info is fetched again: every variant of its key (with and without orgId).
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { isModelsKey } from "./models";
import { isUserInfoKey } from "./user-info";

export function useRevalidateOrg() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async ({ models = false }: { models?: boolean } = {}) => {
      await Promise.all([mutate(isUserInfoKey), models ? mutate(isModelsKey) : undefined]);
    },
    [mutate],
  );
}
