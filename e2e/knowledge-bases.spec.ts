// Knowledge bases in a real Chromium: create one through the form, upload a PDF and a Word file with
// progress and watch them reach Ready without reloading, then review a file's extracted data beside
// its preview, jump to a value's page, edit and save; and an agent with that knowledge base searching
// and reading it from chat.
import { signedInWithOrg } from "./support/app";
import { expect, test } from "./support/fixtures";
import { connectOpenAIViaApi, hubTabs } from "./control-hub-support";
import { createAgentViaApi, messageBox } from "./chat-support";
import { createKbViaApi, DOCX_TYPE, makeDocx, makePdf, patch, PDF_TYPE, uploadViaApi } from "./knowledge-bases-support";

test("[KB-01] [KB-07] [KB-08] [KB-10] [KB-11] [KB-30] [KB-31] [KB-32] [KB-45] [KB-64] create a knowledge base, upload a PDF and a docx with progress, watch them reach Ready", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  await page.goto("/control-hub/knowledge-bases");
  // The first page of a run may load slowly on a busy machine.
  await expect(hubTabs(page).getByRole("link", { name: "Knowledge Bases" })).toHaveAttribute("aria-current", "page", {
    timeout: 30_000,
  });
  await expect(
    page.getByText("Create and manage document collections that your agents can search and reference."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Knowledge Bases Yet" })).toBeVisible();

  await page.getByRole("button", { name: "Create Your First Knowledge Base" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Knowledge Base" });
  const submit = dialog.getByRole("button", { name: "Create Knowledge Base" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Name").fill("Contracts");
  await dialog.getByLabel("Description").fill("  Signed customer contracts  ");
  await dialog.getByLabel("Embedding Model").selectOption("openai:text-embedding-3-small");
  await dialog.getByLabel("Extraction Model (optional)").selectOption("openai:gpt-4o-mini");
  await dialog.getByLabel("Extraction Schema (optional)").fill('{"type": "object"}');
  await expect(dialog.getByText("JSON schema with type 'object' must have a 'properties' field")).toBeVisible();
  await expect(submit).toBeDisabled();
  await dialog.getByRole("button", { name: "Copy Example" }).click();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByText("Knowledge base created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/control-hub\/knowledge-bases\/[^/]+$/);
  await expect(page.getByRole("heading", { name: "Contracts" })).toBeVisible();
  await expect(page.getByText("Signed customer contracts", { exact: true })).toBeVisible();
  await expect(page.getByText("No files uploaded")).toBeVisible();
  await page.getByRole("button", { name: "View schema" }).click();
  await expect(page.getByRole("dialog", { name: "Extraction Schema" })).toContainText('"properties"');
  await page.keyboard.press("Escape");

  // Storage answers after a pause, as a slower network would, so the progress panel can be seen.
  let releaseUploads!: () => void;
  const uploadsHeld = new Promise<void>((r) => (releaseUploads = r));
  await page.route("**/api/blob/upload**", async (route) => {
    await uploadsHeld;
    await route.continue();
  });
  const pdf = await makePdf([
    "Master services agreement between Acme and Globex.",
    "Payment terms: net 30 days.",
    "Termination requires 90 days notice.",
  ]);
  const docx = await makeDocx(["Statement of work", "Deliverables: a quarterly report on churn."]);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Upload Files" }).click();
  await (
    await chooser
  ).setFiles([
    { name: "MSA #1 (Globex).pdf", mimeType: PDF_TYPE, buffer: pdf },
    { name: "SOW 2024.docx", mimeType: DOCX_TYPE, buffer: docx },
  ]);
  const panel = page.getByRole("region", { name: "Upload progress" });
  await expect(panel.getByRole("progressbar")).toHaveCount(2);
  await expect(panel.getByText("MSA_no1_Globex.pdf")).toBeVisible();
  await expect(panel.getByText("SOW_2024.docx")).toBeVisible();
  releaseUploads();
  await expect(page.getByText("Successfully uploaded 2 file(s) to knowledge base")).toBeVisible();
  await expect(panel).toBeHidden();

  const rows = page.getByRole("row");
  const pdfRow = rows.filter({ hasText: "MSA_no1_Globex.pdf" });
  const docxRow = rows.filter({ hasText: "SOW_2024.docx" });
  await expect(pdfRow).toBeVisible();
  await expect(docxRow).toBeVisible();
  await expect(page.getByText("0 of 2 row(s) selected.")).toBeVisible();
  // No reload: the table polls while files are processed.
  await expect(pdfRow.getByText("Ready")).toBeVisible({ timeout: 60_000 });
  await expect(docxRow.getByText("Ready")).toBeVisible({ timeout: 60_000 });

  await page.goto("/control-hub/knowledge-bases");
  const card = page.getByRole("article", { name: "Contracts" });
  await expect(card.getByText("2 files")).toBeVisible();
  await expect(card.getByText("OpenAI · text-embedding-3-small (1536 dimensions)")).toBeVisible();
  await expect(card.getByRole("link", { name: "Manage Files" })).toBeVisible();
});

test("[KB-41] [KB-47] [KB-48] [KB-49] [KB-50] [KB-51] [KB-54] [KB-57] the review page: facts, fields from the schema beside the PDF, edit and save", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  const schema = {
    type: "object",
    properties: {
      customer: { type: "string", title: "Customer" },
      paymentTermsDays: { type: "integer", title: "Payment terms (days)" },
      renewal: { type: "boolean", title: "Auto renewal" },
    },
  };
  const kb = await createKbViaApi(page, { name: "Reviewed contracts", extractionSchema: schema });
  const pdf = await makePdf(["Customer: Globex", "Payment terms: net 30 days.", "Renews automatically."]);
  const file = await uploadViaApi(page, kb.id, { name: "msa.pdf", mimeType: PDF_TYPE, buffer: pdf });
  // The values as a reviewer last saved them (PATCH /api/kb/files), whatever the extractor finds later.
  await patch(page.request, "/api/kb/files", {
    kbId: kb.id,
    fileId: file.id,
    extractedData: { id: "hidden", customer: "Globex", paymentTermsDays: 30, renewal: true },
  });

  await page.goto(`/control-hub/knowledge-bases/${kb.id}`);
  await page.getByRole("button", { name: "Actions for msa.pdf" }).click();
  await expect(page.getByRole("menuitem", { name: "View Extracted Data", exact: true })).toBeVisible();
  await page.getByRole("menuitem", { name: "Review Extracted Data" }).click();

  await expect(page).toHaveURL(new RegExp(`/control-hub/knowledge-bases/${kb.id}/files/${file.id}/review$`));
  await expect(page.getByRole("link", { name: "Back to Knowledge Base" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "msa.pdf" })).toBeVisible();
  await expect(page.getByText(`${(pdf.length / 1024).toFixed(2)} KB · Reviewed contracts`)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Extracted Data" })).toBeVisible();
  await expect(page.getByLabel("Customer")).toHaveValue("Globex");
  await expect(page.getByLabel("Payment terms (days)")).toHaveValue("30");
  await expect(page.getByRole("switch", { name: "Auto renewal" })).toBeChecked();
  await expect(page.getByLabel("Id", { exact: true })).toHaveCount(0);
  // The PDF itself, inline beside the form.
  const preview = page.getByRole("region", { name: "File preview" });
  await expect(preview.locator("iframe")).toHaveAttribute("src", /\/api\/blob\//);
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

  await page.getByLabel("Customer").fill("Globex Corporation");
  await page.getByLabel("Payment terms (days)").fill("45");
  await expect(page.getByText("You have unsaved changes to the extracted data.")).toBeVisible();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("You have unsaved changes to the extracted data.")).toBeHidden();
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);

  await page.reload();
  // A reload on a busy machine can take a while before the form is back.
  await expect(page.getByLabel("Customer")).toHaveValue("Globex Corporation", { timeout: 30_000 });
  await expect(page.getByLabel("Payment terms (days)")).toHaveValue("45");
  await page.getByRole("link", { name: "Back to Knowledge Base" }).click();
  await expect(page.getByRole("heading", { name: "Reviewed contracts" })).toBeVisible();
});

test("[TOOL-32] [TOOL-33] [TOOL-37] [TOOLCARD-20] [AGENT-08] an agent with a knowledge base searches it from chat and reads the file it found", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signedInWithOrg(page);
  await connectOpenAIViaApi(page);
  const kb = await createKbViaApi(page, { name: "Contracts" });
  const pdf = await makePdf(["Master services agreement.", "Payment terms: net 30 days.", "Termination needs notice."]);
  const file = await uploadViaApi(page, kb.id, { name: "msa.pdf", mimeType: PDF_TYPE, buffer: pdf });
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/kb/files?kbId=${kb.id}&fileId=${file.id}`);
        return (await res.json()).file?.processingStatus;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe("indexed");
  // read_kb_file is not switched on: it comes with search_knowledge_base (AGENT-08).
  const agent = await createAgentViaApi(page, {
    name: "Contract Clerk",
    tools: { search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: [kb.id] } } },
  });

  await page.goto(`/chat?agent=${agent.id}`);
  await messageBox(page).fill('[tool:search_knowledge_base {"query":"payment terms net 30"}]');
  await messageBox(page).press("Enter");
  const search = page.locator('[data-tool="search_knowledge_base"]');
  const searched = search.getByRole("button", { name: "Search Knowledge Base finished" });
  await expect(searched).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("The tool finished. Here is the summary.")).toBeVisible();
  await searched.click();
  await expect(search.getByRole("region", { name: "Configuration" })).toContainText("payment terms net 30");
  const results = search.getByRole("region", { name: "Output" }).getByRole("listitem");
  const best = results.filter({ hasText: "Payment terms: net 30 days." });
  await expect(best).toContainText("msa.pdf");
  await expect(best).toContainText("Contracts · Page 2 ·");
  await expect(best.getByText(/^\d{1,3}\.\d%$/)).toBeVisible();

  await messageBox(page).fill(`[tool:read_kb_file {"file_id":"${file.id}","limit":2}]`);
  await messageBox(page).press("Enter");
  const read = page.locator('[data-tool="read_kb_file"]');
  const readPill = read.getByRole("button", { name: "Read Knowledge Base File finished" });
  await expect(readPill).toBeVisible({ timeout: 60_000 });
  await readPill.click();
  const output = read.getByRole("region", { name: "Output" });
  await expect(output).toContainText("msa.pdf · Contracts · 2 of 3 chunks");
  await expect(output).toContainText("Master services agreement.");
});
