// The chart's days (decision 084) against the hand-computed fixture of extras-fixture.ts.
import { beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "../test/http";
import { dates, range, seedExtrasFixture, type ExtrasFixture } from "./extras-fixture";

let admin: Identity;
let mem: Identity;
let beta: { id: number };
let get: ExtrasFixture["get"];

beforeAll(async () => {
  ({ admin, mem, beta, get } = await seedExtrasFixture());
});

describe("GET /api/dashboard/getDaily", () => {
  it("the admin view lists every day of the range, zeros included, adding up to the tiles", async () => {
    const res = await get(admin, `/api/dashboard/getDaily?allInOrg=true&${range}&timeZone=UTC`);
    expect(res.status).toBe(200);
    const [D0, D1, D2, D3, D4] = dates(5);
    expect(res.body).toEqual({
      timeZone: "UTC",
      days: [
        { date: D0, conversationCount: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
        { date: D1, conversationCount: 1, inputTokens: 3000, outputTokens: 600, totalTokens: 3600 },
        { date: D2, conversationCount: 1, inputTokens: 10, outputTokens: 10, totalTokens: 20 },
        { date: D3, conversationCount: 2, inputTokens: 1_300_000, outputTokens: 1_000_000, totalTokens: 2_300_000 },
        { date: D4, conversationCount: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      ],
    });
    const stats = await get(admin, `/api/dashboard/getStats?allInOrg=true&${range}`);
    expect(stats.body).toMatchObject({ conversationCount: 4, inputTokens: 1_303_010, outputTokens: 1_000_610 });
  });

  it("days are the browser's: in Asia/Kolkata (UTC+5:30) 23:30 UTC falls on the next day", async () => {
    const res = await get(admin, `/api/dashboard/getDaily?allInOrg=true&${range}&timeZone=Asia/Kolkata`);
    expect(res.body.days.map((d: { conversationCount: number }) => d.conversationCount)).toEqual([0, 1, 1, 1, 1, 0]);
    expect(res.body.days[0].date).toBe(dates(1)[0]);
  });

  it("a member's days are their own; agent and metadata filters apply", async () => {
    const own = await get(mem, `/api/dashboard/getDaily?${range}&timeZone=UTC&userId=${admin.userId}`);
    expect(own.body.days.map((d: { conversationCount: number }) => d.conversationCount)).toEqual([0, 1, 0, 1, 0]);
    expect(own.body.days[3]).toMatchObject({ inputTokens: 300_000, outputTokens: 0 });
    // A sub-conversation counts toward its parent's agent, as on the tiles.
    const beta1 = await get(mem, `/api/dashboard/getDaily?${range}&agentId=${beta.id}`);
    expect(beta1.body.days.every((d: { conversationCount: number }) => d.conversationCount === 0)).toBe(true);
    const sales = await get(
      admin,
      `/api/dashboard/getDaily?allInOrg=true&${range}&metadataKey=department&metadataValue=Sales`,
    );
    expect(sales.body.days.map((d: { conversationCount: number }) => d.conversationCount)).toEqual([0, 1, 0, 1, 0]);
  });

  it("allInOrg=true from a member is 403; a missing range or a bad time zone is a 400 in words", async () => {
    const refused = await get(mem, `/api/dashboard/getDaily?allInOrg=true&${range}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("Only organization admins can view organization-wide statistics");
    const noRange = await get(admin, `/api/dashboard/getDaily`);
    expect([noRange.status, noRange.body.error]).toEqual([400, "from and to are required for daily figures"]);
    const badTz = await get(admin, `/api/dashboard/getDaily?${range}&timeZone=Mars/Olympus`);
    expect([badTz.status, badTz.body.error]).toEqual([400, "timeZone must be an IANA time zone such as Europe/Berlin"]);
    const long = await get(admin, `/api/dashboard/getDaily?from=2020-01-01T00:00:00Z&to=2025-01-01T00:00:00Z`);
    expect([long.status, long.body.error]).toEqual([400, "The daily chart covers at most 731 days"]);
  });
});
