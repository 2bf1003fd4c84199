// HTML → the scrape formats: Mozilla Readability picks the main content (on a linkedom DOM, which is
// fast and needs no browser), turndown writes it as Markdown. Links are read from the whole page.
import type { parseHTML } from "linkedom";
import type { Readability as ReadabilityClass } from "@mozilla/readability";
import type TurndownClass from "turndown";

// Loaded on the first scrape, not at server start: together they hold ~50 MB resident.
let libs:
  | Promise<{
      Readability: typeof ReadabilityClass;
      parseHTML: typeof parseHTML;
      TurndownService: typeof TurndownClass;
    }>
  | undefined;
const loadLibs = () =>
  (libs ??= Promise.all([import("@mozilla/readability"), import("linkedom"), import("turndown")]).then(([r, l, t]) => ({
    Readability: r.Readability,
    parseHTML: l.parseHTML,
    TurndownService: t.default,
  })));

export interface ExtractOptions {
  onlyMainContent: boolean;
  removeBase64Images: boolean;
}

export interface ExtractedPage {
  title: string;
  /** Cleaned HTML of what was kept (the article, or the whole body). */
  html: string;
  markdown: string;
  /** Absolute http(s) links on the page, without duplicates. */
  links: string[];
}

const MAX_LINKS = 1000;
const DATA_IMAGE_MD = /!\[[^\]]*\]\(data:[^)]*\)/g;

type Doc = ReturnType<typeof parseHTML>["document"];

function absolutise(document: Doc, pageUrl: string) {
  let base = pageUrl;
  const baseHref = document.querySelector("base[href]")?.getAttribute("href");
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl).href;
    } catch {
      /* a broken <base> is ignored, as browsers do */
    }
  }
  for (const [selector, attr] of [
    ["a[href]", "href"],
    ["img[src]", "src"],
    ["source[src]", "src"],
    ["video[src]", "src"],
    ["audio[src]", "src"],
  ] as const) {
    for (const el of document.querySelectorAll(selector)) {
      const value = el.getAttribute(attr)!;
      if (/^(data|javascript|mailto|tel):/i.test(value.trim())) continue;
      try {
        el.setAttribute(attr, new URL(value, base).href);
      } catch {
        el.removeAttribute(attr);
      }
    }
  }
  // srcset would keep relative candidates alive through Readability; the src is enough for Markdown.
  for (const el of document.querySelectorAll("[srcset]")) el.removeAttribute("srcset");
}

function collectLinks(document: Doc): string[] {
  const links = new Set<string>();
  for (const a of document.querySelectorAll("a[href]")) {
    const href = a.getAttribute("href")!;
    if (/^https?:\/\//i.test(href)) links.add(href);
    if (links.size >= MAX_LINKS) break;
  }
  return [...links];
}

function markdownOf(TurndownService: typeof TurndownClass, html: string): string {
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  turndown.remove(["script", "style", "noscript", "template", "iframe", "form", "button", "select", "input"]);
  return turndown
    .turndown(html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export async function extractPage(rawHtml: string, pageUrl: string, opts: ExtractOptions): Promise<ExtractedPage> {
  const { Readability, parseHTML, TurndownService } = await loadLibs();
  const { document } = parseHTML(rawHtml);
  absolutise(document, pageUrl);
  for (const el of document.querySelectorAll("script, style, noscript, template")) el.remove();
  if (opts.removeBase64Images) for (const el of document.querySelectorAll('img[src^="data:" i]')) el.remove();
  const links = collectLinks(document);
  let title = document.title?.trim() ?? "";
  let html: string | undefined;
  if (opts.onlyMainContent) {
    // Readability rewrites the document it is given; everything read from the whole page is taken above.
    const article = new Readability(document as unknown as Document).parse();
    if (article?.content && article.textContent?.trim()) {
      html = article.content;
      title = article.title?.trim() || title;
    }
  }
  html ??= document.body?.innerHTML ?? document.documentElement?.innerHTML ?? "";
  let markdown = markdownOf(TurndownService, html);
  if (opts.removeBase64Images) markdown = markdown.replace(DATA_IMAGE_MD, "");
  return { title, html: html.trim(), markdown, links };
}
