// scrape_url: fetch through the guarded client, then HTML → main content → Markdown / HTML / links.
// Every failure, the guard's refusals included, is an error result "Failed to read content from {host}: …".
import { guardedFetch } from "../../server/net/guarded-fetch";
import { mediaType } from "../../server/net/response-body";
import { toolError, type ToolExecutor } from "../executor.server";
import type { SCRAPE_FORMATS, scrapeUrl } from "./definition";
import { extractPage } from "./extract.server";

type ScrapeFormat = (typeof SCRAPE_FORMATS)[number];

/** Longest text returned per format; a page longer than this is cut with a note, to spare the model's context. */
export const SCRAPE_MAX_CHARS = 100_000;

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const isTextType = (type: string) =>
  type.startsWith("text/") ||
  /^application\/([\w.+-]+\+)?(json|xml|javascript|ecmascript|x-ndjson|csv|yaml|x-yaml|toml)$/.test(type);

const cut = (text: string) =>
  text.length <= SCRAPE_MAX_CHARS
    ? text
    : `${text.slice(0, SCRAPE_MAX_CHARS)}\n\n[Truncated: ${text.length - SCRAPE_MAX_CHARS} more characters]`;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

export const execute: ToolExecutor<typeof scrapeUrl> = async (input, ctx) => {
  const formats: readonly ScrapeFormat[] = input.formats?.length ? input.formats : ["markdown"];
  const failed = (reason: string) => toolError(`Failed to read content from ${hostOf(input.url)}: ${reason}`);
  try {
    const res = await guardedFetch(input.url, {
      signal: ctx.abortSignal,
      headers: { accept: "text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.9,*/*;q=0.5" },
    });
    if (!res.ok) return failed(`HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`);
    const type = mediaType(res.headers.get("content-type"));
    const text = res.text();
    const looksHtml = HTML_TYPES.has(type) || (!type && /^\s*(<!doctype html|<html)/i.test(text));
    if (looksHtml) {
      const page = await extractPage(text, res.url, {
        onlyMainContent: input.onlyMainContent ?? true,
        removeBase64Images: input.removeBase64Images ?? true,
      });
      const out: { markdown?: string; html?: string; links?: string[] } = {};
      if (formats.includes("markdown")) out.markdown = cut(page.markdown);
      if (formats.includes("html")) out.html = cut(page.html);
      if (formats.includes("links")) out.links = page.links;
      const content = out.markdown ?? out.html ?? out.links!.join("\n");
      return { status: "success", content, ...out, title: page.title, url: res.url };
    }
    if (!type || isTextType(type)) {
      // Plain text, JSON, XML, CSV…: returned as they are; there is no HTML and no links to read.
      const body = cut(text);
      return {
        status: "success",
        content: body,
        ...(formats.includes("markdown") ? { markdown: body } : {}),
        title: "",
        url: res.url,
        contentType: type || undefined,
      };
    }
    return failed(`unsupported content type ${type}`);
  } catch (err) {
    return failed(err instanceof Error ? err.message : String(err));
  }
};
