import { chatReady, messageBox } from "./chat-support";
import { mainNav } from "./support/app";
import { expect, test } from "./support/fixtures";

test("[CHAT-05] [CHAT-06] [CHAT-07] [CHAT-08] [CHAT-14] [INPUT-01] [INPUT-09] choose an agent, send, and watch the reply stream into a new thread", async ({
  page,
}) => {
  const logoUrl = new URL("/logo.svg", test.info().project.use.baseURL).href;
  await chatReady(
    page,
    { name: "Atlas", description: "Answers questions", logoUrl, conversationStarters: ["Plan my week"] },
    { name: "Beta Bot", description: "Still learning", stage: "development" },
  );
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "Choose Your AI Agent" })).toBeVisible();
  const atlas = page.getByRole("region", { name: "Active Agents" }).getByRole("button", { name: /Atlas/ });
  await expect(atlas).toHaveAttribute("aria-pressed", "true");
  // CHAT-07: each entry shows its logo (the agent's own image, else the default), name, stage badge and description.
  const logo = atlas.locator("img");
  await expect(logo).toHaveAttribute("src", logoUrl);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(atlas.getByText("Active", { exact: true })).toBeVisible();
  await expect(atlas.getByText("Answers questions")).toBeVisible();
  const beta = page.getByRole("region", { name: "Development" }).getByRole("button", { name: /Beta Bot/ });
  await expect(beta.getByTestId("agent-default-logo")).toBeVisible();
  await expect(beta.getByText("Development", { exact: true })).toBeVisible();
  await expect(beta.getByText("Still learning")).toBeVisible();
  await page
    .getByRole("region", { name: "Development" })
    .getByRole("button", { name: /Beta Bot/ })
    .click();
  await expect(messageBox(page)).toHaveAttribute("placeholder", "Message Beta Bot... (or drag & drop files)");
  await page.getByRole("region", { name: "Active Agents" }).getByRole("button", { name: /Atlas/ }).click();
  await expect(page.getByRole("button", { name: "Plan my week" })).toBeVisible();

  await messageBox(page).fill("[slow] hello there");
  await messageBox(page).press("Enter");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByText("You said: hello there")).toBeVisible();
  await expect(page.getByRole("button", { name: "Atlas" })).toBeVisible();
});

test("[CHAT-01] [CHAT-02] /chat?agent=NAME&q=hello picks the agent by name and prefills the input, then drops q", async ({
  page,
}) => {
  await chatReady(page, { name: "Atlas" }, { name: "Quill" });
  await page.goto("/chat?agent=quill&q=hello");
  await expect(messageBox(page)).toHaveValue("hello");
  await expect(messageBox(page)).toHaveAttribute("placeholder", "Message Quill... (or drag & drop files)");
  await expect(page).toHaveURL(/\/chat\?agent=quill$/);
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: hello")).toBeVisible();
});

test("[CHAT-03] [CHAT-04] without agents the chat says No Agents Yet and links to providers and the hub", async ({
  page,
}) => {
  await chatReady(page);
  await page.goto("/chat");
  await expect(page.getByRole("heading", { name: "No Agents Yet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Connect a provider" })).toHaveAttribute(
    "href",
    "/control-hub/providers",
  );
  await expect(page.getByRole("link", { name: "Create an agent" })).toHaveAttribute("href", "/control-hub");
});

test("[INPUT-06] [STREAM-26] stopping a reply keeps what was written and returns to ready", async ({ page }) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  // Slow and long (about 20 s): on a busy machine a shorter reply can end before Stop is clicked.
  await messageBox(page).fill("[slow] [long] tell me everything");
  await messageBox(page).press("Enter");
  await expect(page.getByText(/This is a long streaming reply/)).toBeVisible();
  await page.getByRole("button", { name: "Stop generation" }).click();
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
  const partial = await page.getByText(/This is a long streaming reply/).textContent();
  await page.waitForTimeout(500);
  expect(await page.getByText(/This is a long streaming reply/).textContent()).toBe(partial);
  // The server kept the partial reply: it is there after a reload.
  await page.reload();
  await expect(page.getByText(/This is a long streaming reply/)).toBeVisible();
});

test("[CHAT-16] [CHAT-20] [CHAT-21] [STREAM-25] a provider failure shows the error box, and Retry sends again", async ({
  page,
}) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("[http500] please");
  await messageBox(page).press("Enter");
  const alert = page.getByRole("alert").filter({ hasText: /^Error: / });
  await expect(alert).toBeVisible();
  // A sentence naming the provider, never the SDK's internals (issue 17 #3).
  await expect(alert).toContainText("OpenAI had a server error (HTTP 500). Try again in a moment.");
  await expect(page.getByText(/AI_APICallError|Failed after/)).toHaveCount(0);
  await expect(page.getByText("Partial answer").or(alert)).toBeVisible();
  await alert.getByRole("button", { name: "Retry" }).click();
  // The fake provider fails the same prompt again: the box comes back after the retry.
  await expect(alert).toBeVisible();
});

test("[CHAT-22] [CHAT-23] [CHAT-24] [CHAT-25] feedback after an answer, and changing it", async ({ page }) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("hello");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: hello")).toBeVisible();
  await expect(page.getByText("Was this conversation helpful?")).toBeVisible();
  await page.getByRole("button", { name: "Yes", exact: true }).click();
  await expect(page.getByText("Feedback recorded and shared with your agent.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes", exact: true })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Yes", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "No", exact: true }).click();
  await expect(page.getByRole("button", { name: "No", exact: true })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("button", { name: "No", exact: true })).toBeDisabled();
});

test("[STREAM-30] [CONV-01] a refreshed page resumes the reply still being generated", async ({ page }) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("[long] keep going");
  await messageBox(page).press("Enter");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/This is a long streaming reply/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/This is a long streaming reply/)).toBeVisible();
  // The resumed reply runs to its end (40 repetitions) once, not twice.
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 20_000 });
  const text = (await page.getByText(/This is a long streaming reply/).textContent()) ?? "";
  expect(text.match(/keeps going\./g)?.length).toBe(40);
  await expect(
    page
      .getByRole("navigation", { name: "Main" })
      .or(page.locator('[data-slot="sidebar"]'))
      .getByRole("link", { name: "[long] keep going" }),
  ).toBeVisible();
});

test("[FILE-27] [FILE-28] [FILE-30] [FILE-42] [FILE-43] [INPUT-05] [FILE-07] upload a PDF and an image and send them; the model reads the PDF", async ({
  page,
}) => {
  const { PDFDocument, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([400, 200]).drawText("Quarterly revenue was 42 million.", { x: 20, y: 100, size: 14, font });
  const pdfBytes = Buffer.from(await pdf.save());
  // A 1×1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );

  await chatReady(page, { name: "Reader" });
  await page.goto("/chat");
  await page.getByTestId("chat-file-input").setInputFiles([
    { name: "report #1.pdf", mimeType: "application/pdf", buffer: pdfBytes },
    { name: "chart.png", mimeType: "image/png", buffer: png },
  ]);
  await expect(page.getByText("1 image(s) and 1 document(s) uploaded successfully.")).toBeVisible();
  const attached = page.getByRole("list", { name: "Attached files" });
  await expect(attached.getByText("report_no1.pdf")).toBeVisible();
  await expect(attached.getByText("chart.png")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send files" })).toBeEnabled();
  await page.getByRole("button", { name: "Send files" }).click();

  const sent = page.getByRole("list", { name: "Attachments" });
  await expect(sent.getByText("report_no1.pdf")).toBeVisible();
  await expect(sent.getByRole("button", { name: "Open chart.png" })).toBeVisible();
  await expect(sent.getByRole("img", { name: "chart.png" })).toBeVisible();
  await expect(page.locator('[data-role="assistant"]')).toContainText("Quarterly revenue was 42 million.");
});

test("[FILE-23] an unsupported file is refused with the spec's message", async ({ page }) => {
  await chatReady(page, { name: "Reader" });
  await page.goto("/chat");
  await page
    .getByTestId("chat-file-input")
    .setInputFiles([{ name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") }]);
  await expect(page.getByText("tool.exe is not a supported file type.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Attached files" })).toHaveCount(0);
});

test("[CHAT-21] [STREAM-04] a provider failing mid-stream keeps the partial reply and shows the error box", async ({
  page,
}) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("[error] go");
  await messageBox(page).press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: /^Error: / })).toBeVisible();
  await expect(page.getByText(/Partial answ/)).toBeVisible();
  // The partial reply was stored, marked as failed: it is still there after a reload.
  await page.reload();
  await expect(page.getByText(/Partial answ/)).toBeVisible();
});

test("[CHAT-15] [CHAT-13] the conversation header shows the agent, its card on hover; New Chat resets chat, thread and input", async ({
  page,
}) => {
  await chatReady(page, { name: "Atlas", description: "Answers questions" });
  await page.goto("/chat");
  await messageBox(page).fill("hello");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: hello")).toBeVisible();
  await page.getByRole("button", { name: "Atlas" }).hover();
  await expect(page.getByText("Model: openai:gpt-4.1")).toBeVisible();
  await expect(page.getByText("Answers questions")).toBeVisible();

  await messageBox(page).fill("a draft");
  await mainNav(page).getByRole("link", { name: "New Chat" }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("heading", { name: "Choose Your AI Agent" })).toBeVisible();
  await expect(page.getByText("You said: hello")).toHaveCount(0);
  await expect(messageBox(page)).toHaveValue("");
});

test("[CHAT-18] a deleted conversation says so and returns to /chat", async ({ page }) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("hello");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: hello")).toBeVisible();
  const threadId = new URL(page.url()).pathname.split("/").pop()!;
  const res = await page.request.patch(`/api/deleteConversation?threadId=${threadId}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBeTruthy();
  await page.reload();
  await expect(page.getByRole("heading", { name: "This conversation has been deleted" })).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "Choose Your AI Agent" })).toBeVisible();
});

test("[CHAT-19] a conversation whose agent is gone refuses to send without an agent", async ({ page }) => {
  const { agents } = await chatReady(page, { name: "Atlas" }, { name: "Quill" });
  await page.goto("/chat?agent=Atlas");
  await messageBox(page).fill("hello");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: hello")).toBeVisible();
  const res = await page.request.delete("/api/agents", {
    data: { agentId: agents[0]!.id },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBeTruthy();
  await page.reload();
  await expect(page.getByText("You said: hello")).toBeVisible();
  await messageBox(page).fill("anyone there?");
  await messageBox(page).press("Enter");
  await expect(page.getByText("Please select an agent before starting a conversation.")).toBeVisible();
  await expect(messageBox(page)).toHaveValue("anyone there?");
});

test("[CHAT-16] [CHAT-21] [STREAM-25] a reply failing mid-stream keeps its partial text, shows the error box, and Retry asks again", async ({
  page,
}) => {
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("[error] go");
  await messageBox(page).press("Enter");
  const alert = page.getByRole("alert").filter({ hasText: /^Error: / });
  await expect(alert).toBeVisible();
  // A sentence naming the provider, never the SDK's internals (issue 17 #3).
  await expect(alert).toContainText("The connection to OpenAI broke off before the answer was complete. Try again.");
  await expect(page.getByText(/AI_APICallError|Failed after/)).toHaveCount(0);
  await expect(page.locator('[data-role="assistant"]')).toContainText("Partial");
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
  const posts: string[] = [];
  page.on(
    "request",
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/chat" && posts.push(r.postData() ?? ""),
  );
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect.poll(() => posts.length).toBe(1);
  expect(JSON.parse(posts[0]!).messages[0].content).toBe("[error] go");
  await expect(alert).toBeVisible();
});

test("[INPUT-07] [FILE-31] [FILE-26] [FILE-44] dragging files over the input shows the overlay; a pasted image uploads as pasted_image_{timestamp}", async ({
  page,
}) => {
  await chatReady(page, { name: "Reader" });
  await page.goto("/chat");
  const form = page.locator("form").filter({ has: messageBox(page) });
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(["hello"], "notes.txt", { type: "text/plain" }));
    return dt;
  });
  await form.dispatchEvent("dragover", { dataTransfer });
  await expect(page.getByText("Drop files here")).toBeVisible();
  await expect(page.getByText("Images, documents, spreadsheets supported")).toBeVisible();
  await form.dispatchEvent("drop", { dataTransfer });
  await expect(page.getByText("Drop files here")).toHaveCount(0);
  await expect(page.getByText("1 document(s) uploaded and content extracted successfully.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Attached files" }).getByText("notes.txt")).toBeVisible();

  await messageBox(page).evaluate((el) => {
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
      (c) => c.charCodeAt(0),
    );
    const dt = new DataTransfer();
    dt.items.add(new File([png], "image.png", { type: "image/png" }));
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText("Pasted and uploaded 1 image(s).")).toBeVisible();
  await expect(page.getByRole("list", { name: "Attached files" }).getByText(/^pasted_image_\d+\.png$/)).toBeVisible();
});

test("[CHAT-15] issue 17 #15: in a long chat the agent header stays in view and the page follows the reply to its very end", async ({
  page,
}) => {
  await page.setViewportSize({ width: 900, height: 420 });
  await chatReady(page, { name: "Atlas" });
  await page.goto("/chat");
  await messageBox(page).fill("[long] go on");
  await messageBox(page).press("Enter");
  await expect(page.getByText(/This is a long streaming reply/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toBeVisible({ timeout: 30_000 });
  // What comes after the last token (the feedback question) is followed too.
  await expect(page.getByText("Was this conversation helpful?")).toBeInViewport();
  const gap = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY);
  await expect.poll(gap).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Below the app's sticky header, not hidden under it.
  const header = page.getByRole("main").getByRole("button", { name: "Atlas" });
  await expect(header).toBeInViewport();
  const banner = (await page.getByRole("banner").boundingBox())!;
  expect((await header.boundingBox())!.y).toBeGreaterThanOrEqual(banner.y + banner.height - 1);
  // A reader who scrolled up is not pulled back down by the next reply.
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await messageBox(page).fill("[long] more");
  await messageBox(page).press("Enter");
  await expect(page.getByText("You said: more")).toBeAttached();
  await page.waitForTimeout(500);
  expect(await gap()).toBeGreaterThan(100);
});
