// The AI SDK (`ai` with `ai/internal`, @ai-sdk/gateway and the provider utilities it brings) and the OpenAI
// provider load with the first model use, not at start: ~700 KB of the bundle an idle server never runs
// (decision 113's addendum). Each accessor imports once and keeps the module; the first chat after a start
// pays the import. Types stay static (`import type`), which loads nothing.
import type * as Ai from "ai";
import type * as AiInternal from "ai/internal";
import type * as OpenAi from "@ai-sdk/openai";

let ai: typeof Ai | undefined;
let internal: typeof AiInternal | undefined;
let openai: typeof OpenAi | undefined;

export async function aiSdk(): Promise<typeof Ai> {
  return (ai ??= await import("ai"));
}

export async function aiSdkInternal(): Promise<typeof AiInternal> {
  return (internal ??= await import("ai/internal"));
}

export async function openAiProvider(): Promise<typeof OpenAi> {
  return (openai ??= await import("@ai-sdk/openai"));
}
