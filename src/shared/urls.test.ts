import { describe, expect, it } from "vitest";
import { isOwnFileUrl, isStorableUrl, isWebUrl, storableUrl } from "./urls";

describe("stored URLs", () => {
  it("security #11: only http(s) URLs and our own file URLs are storable", () => {
    const good = [
      "https://example.com/logo.png",
      "http://cdn.example.com:8080/a.svg?x=1",
      "  https://example.com/trimmed.png  ",
      "/api/files/org/abc/uploads/1/logo.png",
      "/api/blob/download?key=org%2Fabc&sig=x",
    ];
    const bad = [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://example.com/logo.png",
      "//evil.example/logo.png",
      "/api/files/../../logout",
      "/api/files/%2e%2e/%2e%2e/x",
      "/api/filesx/y",
      "/other/path.png",
      "https://",
      "not a url",
      "",
    ];
    for (const url of good) expect(isStorableUrl(url), url).toBe(true);
    for (const url of bad) expect(isStorableUrl(url), url).toBe(false);
    expect(isWebUrl("/api/files/x")).toBe(false);
    expect(isOwnFileUrl("https://example.com/api/files/x")).toBe(false);
    expect(storableUrl("Logo URL must be a valid URL").safeParse("javascript:alert(1)").error?.issues[0]?.message).toBe(
      "Logo URL must be a valid URL",
    );
  });
});
