import { describe, expect, it } from "vitest";
import { draftOf, fieldType, pageOfField, previewKind, reviewFields, valueOf } from "./review-fields";

describe("review form fields", () => {
  it("[KB-54] id, fileId, organizationId, createdAt and updatedAt are never fields", () => {
    const data = { id: 1, fileId: 2, organizationId: "o", createdAt: "x", updatedAt: "y", title: "T" };
    expect(reviewFields(null, data).map((f) => f.name)).toEqual(["title"]);
  });

  it("[KB-49] fields follow the schema's properties first, then other keys of the data", () => {
    const schema = {
      type: "object",
      properties: { vendor: { type: "string", title: "Vendor name" }, total: { type: "number" } },
    };
    const fields = reviewFields(schema, { extra: true, total: 3 });
    expect(fields.map((f) => [f.name, f.label, f.type])).toEqual([
      ["vendor", "Vendor name", "string"],
      ["total", "Total", "number"],
      ["extra", "Extra", "boolean"],
    ]);
  });

  it("[KB-55] the type comes from the schema, else it is inferred from the value", () => {
    expect(fieldType({ type: "string", format: "date" }, undefined)).toBe("date");
    expect(fieldType({ type: "string", format: "date-time" }, undefined)).toBe("date-time");
    expect(fieldType({ type: "boolean" }, undefined)).toBe("boolean");
    expect(fieldType({ type: "integer" }, "7")).toBe("number");
    expect(fieldType({ type: "number" }, undefined)).toBe("number");
    expect(fieldType({ type: "array" }, undefined)).toBe("array");
    expect(fieldType({ type: "object" }, undefined)).toBe("object");
    expect(fieldType({ type: ["string", "null"] }, null)).toBe("string");
    expect(fieldType(undefined, "2024-03-01")).toBe("date");
    expect(fieldType(undefined, "2024-03-01T10:00:00Z")).toBe("date-time");
    expect(fieldType(undefined, 4.5)).toBe("number");
    expect(fieldType(undefined, false)).toBe("boolean");
    expect(fieldType(undefined, ["a"])).toBe("array");
    expect(fieldType(undefined, { a: 1 })).toBe("object");
    expect(fieldType(undefined, "plain")).toBe("string");
  });

  it("[KB-56] strings over 100 characters use a multi-line box", () => {
    expect(fieldType({ type: "string" }, "x".repeat(100))).toBe("string");
    expect(fieldType({ type: "string" }, "x".repeat(101))).toBe("text");
    expect(fieldType(undefined, "x".repeat(101))).toBe("text");
  });

  it("each value's page comes from extractedDataPages", () => {
    expect(pageOfField({ total: 3, vendor: null }, "total")).toBe(3);
    expect(pageOfField({ total: 3, vendor: null }, "vendor")).toBeNull();
    expect(pageOfField(undefined, "total")).toBeNull();
  });

  it("edits round-trip: arrays and objects as JSON text, numbers as numbers, bad JSON refused", () => {
    expect(valueOf("array", draftOf("array", ["a", "b"]))).toEqual({ ok: true, value: ["a", "b"] });
    expect(valueOf("object", '{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(valueOf("array", '{"a":1}')).toEqual({ ok: false });
    expect(valueOf("object", "{oops")).toEqual({ ok: false });
    expect(valueOf("number", draftOf("number", 12.5))).toEqual({ ok: true, value: 12.5 });
    expect(valueOf("number", "abc")).toEqual({ ok: false });
    expect(draftOf("date-time", "2024-03-01T10:00:00Z")).toBe("2024-03-01T10:00");
  });

  it("[KB-57] [KB-58] [KB-59] [KB-60] the preview kind follows the content type, else the extension", () => {
    expect(previewKind("a.bin", "application/pdf")).toBe("pdf");
    expect(previewKind("scan.PDF", "")).toBe("pdf");
    expect(previewKind("x", "image/png")).toBe("image");
    expect(previewKind("photo.webp", null)).toBe("image");
    for (const name of ["a.doc", "a.docx", "a.xls", "a.xlsx", "a.xlsm", "a.pptx"])
      expect(previewKind(name, "")).toBe("office");
    for (const name of ["a.txt", "a.md", "a.json", "a.html", "a.csv"]) expect(previewKind(name, "")).toBe("text");
    expect(previewKind("x", "text/csv")).toBe("text");
    expect(previewKind("archive.zip", "application/zip")).toBe("none");
  });
});
