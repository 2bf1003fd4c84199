import { describe, expect, it } from "vitest";
import { shortVersion } from "./postgres-test";

describe("Postgres test result", () => {
  it("shows the server's product and version, not the whole build string", () => {
    expect(shortVersion("PostgreSQL 15.20 (Debian 15.20-0+deb12u1) on x86_64-pc-linux-gnu, compiled by gcc")).toBe(
      "PostgreSQL 15.20",
    );
    expect(shortVersion("PostgreSQL 17beta1 on aarch64")).toBe("PostgreSQL 17beta1");
    expect(shortVersion("CockroachDB CCL v23.1")).toBe("CockroachDB CCL v23.1");
  });
});
