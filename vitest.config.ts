import path from "node:path";
import { defineConfig } from "vitest/config";

// Data-layer and API tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const serverProject = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    include: ["src/server/**/*.test.ts", "src/tools/**/*.test.ts"],
    environment: "node",
    env,
    // One migrated database per worker, shared by the files it runs (tests isolate by organisation).
    isolate: false,
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

if (process.env.CI === "true" && !process.env.TEST_DATABASE_URL) {
  throw new Error("CI=true needs TEST_DATABASE_URL: the API tests must also run on PostgreSQL (see .ci/run).");
}

// Every run is shuffled, so a test that leans on another's leftovers fails early. Vitest prints the
// seed ("Running tests with seed …"); VITEST_SEED=<it> replays that order.
const seed = process.env.VITEST_SEED ? Number(process.env.VITEST_SEED) : undefined;

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    pool: "forks",
    sequence: { shuffle: { files: true, tests: true }, seed },
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts", "src/client/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      serverProject("api-pglite", { TEST_DB: "pglite" }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject("api-postgres", { TEST_DB: "postgres" })] : []),
    ],
  },
});
