import type { TenancyCases } from "../test/tenancy-types";
import type { OrgFixture } from "../test/tenancy-fixture";
import type { TestContext } from "../test/context";
import { createAgent } from "../test/seed";
import { seedConversation } from "./test-support";

// Figures are numbers: a token count no other fixture produces is the marker.
const MEMBER_TOKENS = 7_770_131;
const ADMIN_TOKENS = 8_880_247;

// One conversation each, seeded once; requests name its agent so the figures are exactly the marker.
const bots: Record<string, number> = {};
async function seedFor(ctx: TestContext, a: OrgFixture, who: "member" | "admin") {
  const tokens = who === "member" ? MEMBER_TOKENS : ADMIN_TOKENS;
  const markers = [`tenant-a-dashboard-${who}-question`, String(tokens)];
  if (bots[who]) return markers;
  const bot = await createAgent(ctx.app, a.admin, a.id, { name: `Tenant A dashboard ${who} bot` });
  bots[who] = bot.id;
  await seedConversation({
    orgId: a.id,
    userId: a[who].userId,
    agentId: bot.id,
    messages: [
      { role: "user", content: `tenant-a-dashboard-${who}-question` },
      { role: "assistant", inputTokens: tokens, outputTokens: 0 },
    ],
  });
  return markers;
}

// getDaily needs a range; the others take it too. Wide enough for the seeded conversations.
const range = () =>
  `from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`;

const paths = [
  "/api/dashboard/getStats",
  "/api/dashboard/getInteractions",
  "/api/dashboard/getDaily",
  "/api/dashboard/getCosts",
  "/api/dashboard/exportInteractions",
] as const;

export const dashboardTenancyCases: TenancyCases = Object.fromEntries(
  paths.map((path) => [
    `GET ${path}`,
    {
      seed: (ctx, a) => seedFor(ctx, a, "member"),
      attacks: (f) => [
        { method: "GET", path: `${path}?${range()}&orgId=${f.a.id}&allInOrg=true&agentId=${bots.member}` },
        { method: "GET", path: `${path}?${range()}&orgId=${f.a.id}&userId=${f.a.member.userId}` },
        { method: "GET", path: `${path}?${range()}&allInOrg=true&agentId=${bots.member}&userId=${f.a.member.userId}` },
        { method: "GET", path: `${path}?${range()}&agentId=${bots.member}` },
      ],
      control: (f) => ({
        method: "GET",
        path: `${path}?${range()}&orgId=${f.a.id}&agentId=${bots.member}`,
        as: "member" as const,
      }),
      sameOrg: {
        seed: (ctx, a) => seedFor(ctx, a, "admin"),
        attacks: (f) => [
          { method: "GET", path: `${path}?${range()}&orgId=${f.a.id}&agentId=${bots.admin}` },
          {
            method: "GET",
            path: `${path}?${range()}&orgId=${f.a.id}&agentId=${bots.admin}&userId=${f.a.admin.userId}`,
          },
          { method: "GET", path: `${path}?${range()}&orgId=${f.a.id}&allInOrg=true&agentId=${bots.admin}` },
        ],
        control: (f) => ({
          method: "GET",
          path: `${path}?${range()}&orgId=${f.a.id}&allInOrg=true&agentId=${bots.admin}`,
        }),
      },
    },
  ]),
);
