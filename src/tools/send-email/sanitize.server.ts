// The model writes the email's HTML, and a prompt-injected page could have written it for the model:
// only formatting survives (no scripts, forms, frames, event handlers or javascript: links), so what
// reaches the recipient — and the draft shown in the chat — is plain formatted mail.
import type sanitizeHtml from "sanitize-html";

const OPTIONS: Omit<sanitizeHtml.IOptions, "allowedTags"> = {
  allowedAttributes: {
    "*": ["style", "align", "valign", "width", "height", "bgcolor", "dir", "title"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "alt", "width", "height", "border"],
    table: ["border", "cellpadding", "cellspacing"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    font: ["color", "face", "size"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "cid"] },
  allowProtocolRelative: false,
};

/** The library (with its HTML parser) is loaded on first use, not at start (issue 18: idle memory). */
export async function sanitizeEmailHtml(html: string): Promise<string> {
  const { default: sanitize } = await import("sanitize-html");
  return sanitize(html, {
    ...OPTIONS,
    allowedTags: [...sanitize.defaults.allowedTags, "img", "span", "font", "center"],
  });
}
