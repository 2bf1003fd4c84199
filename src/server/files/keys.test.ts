import { describe, expect, it } from "vitest";
import { isOrgKey, parseUploadKey, storedFileName, uploadKeys } from "./keys";

describe("file keys", () => {
  it("[FILE-25] keys use the sanitised name under org/<orgId>/uploads/<fileId>/", () => {
    const id = "3f2c1a9e-8b7d-4c6e-9f10-1234567890ab";
    expect(uploadKeys("org1", id, "My file #1.pdf")).toEqual({
      key: `org/org1/uploads/${id}/My_file_no1.pdf`,
      contentKey: `org/org1/uploads/${id}/content.txt`,
    });
    expect(parseUploadKey(`org/org1/uploads/${id}/My_file_no1.pdf`)).toEqual({
      orgId: "org1",
      fileId: id,
      name: "My_file_no1.pdf",
    });
  });

  it("names that would be unsafe or clash with the extracted text are renamed", () => {
    expect(storedFileName("..")).toBe("file..");
    expect(storedFileName(".env")).toBe("file.env");
    expect(storedFileName("日本語")).toBe("file");
    expect(storedFileName("content.txt")).toBe("content_file.txt");
    const long = storedFileName(`${"a".repeat(300)}.xlsx`);
    expect(long).toHaveLength(200);
    expect(long.endsWith(".xlsx")).toBe(true);
  });

  it("a key belongs to an organisation only inside its folder and without tricks", () => {
    expect(isOrgKey("a1", "org/a1/uploads/x/f.txt")).toBe(true);
    expect(isOrgKey("a1", "org/a10/uploads/x/f.txt")).toBe(false);
    expect(isOrgKey("a1", "org/a1/../b2/f.txt")).toBe(false);
    expect(isOrgKey("a1", "org/a1//f.txt")).toBe(false);
  });
});
