// @vitest-environment happy-dom
// The knowledge-base form as a user fills it: every validation message, Copy Example, the extraction
// model select without chat models, and the embedding model locked once files exist.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { KbForm } from "./kb-form";
import { EXAMPLE_SCHEMA_TEXT, type KbFormValues, type ModelChoice } from "./kb-form-rules";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn() } }));
const { toast } = await import("sonner");
afterEach(cleanup);

const EMPTY: KbFormValues = {
  name: "",
  description: "",
  embeddingModel: "",
  extractionModel: "",
  extractionSchema: "",
};
const EMBEDDING: ModelChoice[] = [
  {
    key: "openai:text-embedding-3-small",
    label: "text-embedding-3-small",
    provider: "OpenAI",
    dimensions: 1536,
    marks: [],
  },
];
const CHAT: ModelChoice[] = [
  { key: "openai:gpt-4o", label: "gpt-4o", provider: "OpenAI", marks: ["Default"] },
  { key: "azure:gpt", label: "gpt", provider: "Azure", marks: ["Azure"] },
];

function renderForm(over: Partial<Parameters<typeof KbForm>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <KbForm
      initial={EMPTY}
      embeddingChoices={EMBEDDING}
      extractionChoices={CHAT}
      embeddingLocked={false}
      submitLabel="Create Knowledge Base"
      saving={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      {...over}
    />,
  );
  return onSubmit;
}
const submit = () => screen.getByRole("button", { name: "Create Knowledge Base" }) as HTMLButtonElement;
const schemaBox = () => screen.getByLabelText("Extraction Schema (optional)");

describe("KbForm", { timeout: 30_000 }, () => {
  it("[KB-10] [KB-12] [KB-15] [KB-16] [KB-22] fields, marked extraction models, required messages, submit disabled until valid", () => {
    const onSubmit = renderForm();
    for (const label of ["Name", "Description", "Embedding Model", "Extraction Model (optional)"])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByRole("option", { name: "OpenAI · gpt-4o (Default)" })).toBeTruthy();
    expect(screen.getByRole("option", { name: "Azure · gpt (Azure)" })).toBeTruthy();
    expect(submit().disabled).toBe(true);

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "x" } });
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "   " } });
    expect(screen.getByText("Knowledge base name is required")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Embedding Model"), { target: { value: "openai:text-embedding-3-small" } });
    fireEvent.change(screen.getByLabelText("Embedding Model"), { target: { value: "" } });
    expect(screen.getByText("Please select an embedding model")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "  Policies " } });
    fireEvent.change(screen.getByLabelText("Embedding Model"), { target: { value: "openai:text-embedding-3-small" } });
    fireEvent.change(screen.getByLabelText("Extraction Model (optional)"), { target: { value: "azure:gpt" } });
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: "  Policies ",
        embeddingModel: "openai:text-embedding-3-small",
        extractionModel: "azure:gpt",
      }),
    );
  });

  it("[KB-18] [KB-19] [KB-20] [KB-21] [KB-11] every schema message, submission blocked, Copy Example fixes it", () => {
    renderForm({ initial: { ...EMPTY, name: "P", embeddingModel: "openai:text-embedding-3-small" } });
    fireEvent.change(schemaBox(), { target: { value: "{nope" } });
    expect(screen.getByRole("alert").textContent).toMatch(/^Invalid JSON: /);
    fireEvent.change(schemaBox(), { target: { value: '{"properties": {}}' } });
    expect(screen.getByText("JSON schema must have a 'type' field")).toBeTruthy();
    fireEvent.change(schemaBox(), { target: { value: '{"type": "object"}' } });
    expect(screen.getByText("JSON schema with type 'object' must have a 'properties' field")).toBeTruthy();
    expect(submit().disabled).toBe(true);
    fireEvent.submit(submit().closest("form")!);
    expect(toast.error).toHaveBeenCalledWith("Please fix the JSON schema errors before submitting");

    fireEvent.click(screen.getByRole("button", { name: "Copy Example" }));
    expect((schemaBox() as HTMLTextAreaElement).value).toBe(EXAMPLE_SCHEMA_TEXT);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it("[KB-13] without chat models the extraction select is disabled with 'No chat models available'", () => {
    renderForm({ extractionChoices: [] });
    const select = screen.getByLabelText("Extraction Model (optional)") as HTMLSelectElement;
    expect(select.disabled).toBe(true);
    expect(select.selectedOptions[0]!.textContent).toBe("No chat models available");
  });

  it("[KB-14] once files exist the embedding model is locked, with the warning", () => {
    renderForm({ embeddingLocked: true, initial: { ...EMPTY, embeddingModel: "openai:text-embedding-3-small" } });
    expect((screen.getByLabelText("Embedding Model") as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByText("Embedding model cannot be changed after files are added")).toBeTruthy();
  });
});
