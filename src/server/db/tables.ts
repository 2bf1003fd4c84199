export * from "./schema/auth";
export * from "./schema/organizations";
export * from "./schema/agents";
export * from "./schema/api-keys";
export * from "./schema/conversations";
export * from "./schema/files";
export * from "./schema/sign-in-failures";
export * from "./schema/kb-chunks";
