// HTML → the scrape formats: Mozilla Readability picks the main content (on a linkedom DOM, which is
// fast and needs no browser), turndown writes it as Markdown. Links are read from the whole page.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";

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
  for (const [selector, attr] of [["a[href]", "href"], ["img[src]", "src"], ["source[src]", "src"], ["video[src]", "src"], ["audio[src]", "src"]] as const) {
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

function markdownOf(html: string): string {
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  turndown.remove(["script", "style", "noscript", "template", "iframe", "form", "button", "select", "input"]);
  return turndown.turndown(html).replace(/\n{3,}/g, "\n\n").trim();
}

export function extractPage(rawHtml: string, pageUrl: string, opts: ExtractOptions): ExtractedPage {
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
  let markdown = markdownOf(html);
  if (opts.removeBase64Images) markdown = markdown.replace(DATA_IMAGE_MD, "");
  return { title, html: html.trim(), markdown, links };
}
