/** Types of pglite-seed.mjs (plain JavaScript: the build runs without a TypeScript loader). */
export function pgliteVersion(): string;
export function buildPgliteSeed(outDir?: string, migrationsFolder?: string): Promise<void>;
