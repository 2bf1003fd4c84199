// Default chat/embedding models and Azure model instances (hub spec §7 updateModelPreferences).
import { AppError } from "../errors";
import { availableModels } from "../../shared/models/available";
import { azureInstanceKey, azureUnderlyingModel } from "../../shared/models/catalog";
import type { ModelPreferencesInput } from "../../shared/models/preferences-schema";
import type { ModelPreferences } from "../../shared/org";
import { getConnectionMap } from "../providers/connections";
import { updateOrgState } from "../settings/queries";

export async function updateModelPreferences({
  orgId,
  input,
}: {
  orgId: string;
  input: ModelPreferencesInput;
}): Promise<ModelPreferences> {
  const connections = await getConnectionMap({ orgId });
  const next = await updateOrgState({ orgId }, (state) => {
    const prefs: ModelPreferences = {
      ...state.modelPreferences,
      modelInstances: { ...state.modelPreferences.modelInstances },
    };
    if (input.action === "set_default") {
      if (input.data !== null) {
        const model = availableModels(connections, prefs).find((m) => m.key === input.data);
        if (!model || model.type !== input.key)
          throw new AppError("bad_request", `Model ${input.data} is not available for ${input.key}`);
      }
      if (input.key === "chat") prefs.defaultChatModel = input.data;
      else prefs.defaultEmbeddingModel = input.data;
    } else if (input.action === "create") {
      const { deploymentName, type } = input.data;
      if (input.key !== azureInstanceKey(deploymentName))
        throw new AppError("bad_request", `The key must be ${azureInstanceKey(deploymentName)}`);
      if (prefs.modelInstances![input.key])
        throw new AppError("conflict", `An Azure instance named ${deploymentName} already exists`);
      prefs.modelInstances![input.key] = {
        provider: "azure_openai",
        deploymentName,
        type,
        underlyingModel: input.data.underlyingModel || azureUnderlyingModel(type),
      };
    } else {
      if (!prefs.modelInstances![input.key]) throw new AppError("not_found", "Azure instance not found");
      delete prefs.modelInstances![input.key];
      if (prefs.defaultChatModel === input.key) prefs.defaultChatModel = null;
      if (prefs.defaultEmbeddingModel === input.key) prefs.defaultEmbeddingModel = null;
    }
    return { ...state, modelPreferences: prefs };
  });
  return next.modelPreferences;
}
