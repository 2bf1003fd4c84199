// A reply cut by a server crash (issue 10, item 15). The shared e2e server must stay up, so this spec
// runs its own server (the same build, its own data folder, on E2E_PORT + 3), kills it mid-reply and
// starts it again, as a crashed deployment would be restarted.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 3;
const FAKE_PROVIDER_PORT = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? 3199);
const baseURL = `http://localhost:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sb-e2e-crash-"));
let server: ChildProcess | null = null;

/** Starts the built server (the webServer step built it) and resolves once it listens. */
function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      // The API helpers send the shared server's Origin.
      TRUSTED_ORIGINS: new URL(String(test.info().project.use.baseURL)).origin,
      AUTH_RATE_LIMIT_MAX: "1000",
      LOG_LEVEL: "info",
      OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/v1`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes("Switchboard is listening")) resolve(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the server exited (${code}): ${out.slice(-2000)}`)));
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

test.use({ baseURL });
test.afterEach(async () => {
  if (server) await kill(server);
  server = null;
});

test("security #15: a reply cut by a server crash shows its text with This reply was interrupted., and Retry generates it again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  server = await startServer();
  await chatReady(page, { name: "Storyteller" });
  await page.goto("/chat");
  // A reply of ~20 s (500 chunks, 40 ms apart): still streaming when the process is killed.
  await messageBox(page).fill("[slow] [long] tell me a story");
  await messageBox(page).press("Enter");
  const reply = page.locator('[data-role="assistant"]');
  await expect(reply).toContainText("This is a long streaming reply", { timeout: 15_000 });
  // The process dies mid-reply; the next start marks the reply interrupted.
  await kill(server);
  server = await startServer();
  await page.reload();
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText("You said: tell me a story This is a long streaming reply");
  const notice = reply.getByRole("note");
  await expect(notice).toHaveText("This reply was interrupted.Retry");

  const posts: string[] = [];
  page.on(
    "request",
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/chat" && posts.push(r.postData() ?? ""),
  );
  await notice.getByRole("button", { name: "Retry" }).click();
  await expect.poll(() => posts.length).toBe(1);
  expect(JSON.parse(posts[0]!)).toMatchObject({
    threadId: page.url().split("/").pop(),
    messages: [{ role: "user", content: "[slow] [long] tell me a story" }],
  });
  // The new reply takes the interrupted one's place, and so it stays after a reload.
  await expect(page.getByText("This reply was interrupted.")).toHaveCount(0);
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText("This is a long streaming reply");
  await page.getByRole("button", { name: "Stop generation" }).click();
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
  await page.reload();
  await expect(reply).toHaveCount(1);
  await expect(reply).toContainText("You said: tell me a story");
  await expect(page.getByText("This reply was interrupted.")).toHaveCount(0);
  await expect(page.locator('[data-role="user"]')).toHaveCount(1);
});
