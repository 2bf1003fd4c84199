// Assistant text as GitHub-flavoured markdown (MSG-03..05, MSG-17, MSG-21): no raw HTML, safe links
// only, opened in a new tab; downloadable links fetch a signed URL instead; remote images are not
// fetched until the user opens them (security #9).
import { memo } from "react";
import ReactMarkdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { toast } from "sonner";
import { CodePanel, isPanelKind } from "./code-panel";
import { CodeBlock } from "./code/code-block";
import { downloadFile } from "./download";
import { downloadTarget, isAllowedHref, isDownloadableHref, type GeneratedFile } from "./link-rules";
import { classifyImageSource } from "./image-rules";
import { MarkdownImage } from "./markdown-image";

// react-markdown drops unsafe URLs with its default transform; ours also keeps sandbox:/ for downloads,
// and for images what MarkdownImage decides about (data:, blob:, our files, remote links).
const urlTransform = (url: string, key: string) => {
  if (key === "src") return classifyImageSource(url).kind === "none" ? "" : url;
  return isAllowedHref(url) || isDownloadableHref(url) ? url : "";
};

type HastChild = NonNullable<ExtraProps["node"]>["children"][number];

/** The text of a hast node (a fenced block's code element holds a single text node). */
function textOf(node: HastChild | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value;
  return "children" in node ? node.children.map(textOf).join("") : "";
}

function components(generated: readonly GeneratedFile[]): Components {
  return {
    a: ({ href, children }) => {
      if (href && isDownloadableHref(href)) {
        const target = downloadTarget(href, generated);
        return (
          <a
            href={href}
            className="font-medium text-primary underline underline-offset-2"
            onClick={(e) => {
              e.preventDefault();
              downloadFile(target?.r2Path, target?.filename).catch(() => toast.error("Failed to open file."));
            }}
          >
            {children}
          </a>
        );
      }
      if (!href || !isAllowedHref(href)) return <span>{children}</span>;
      return (
        <a
          href={href}
          target="_blank"
          rel="nofollow noopener noreferrer"
          className="text-primary underline underline-offset-2"
        >
          {children}
        </a>
      );
    },
    img: ({ src, alt }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} />,
    code: ({ className, children }) => {
      const lang = /language-(\w+)/.exec(className ?? "")?.[1];
      const text = String(children);
      if (isPanelKind(lang)) return <CodePanel kind={lang} text={text} />;
      return <code className={className ?? "rounded bg-muted px-1 py-0.5 text-[0.85em]"}>{children}</code>;
    },
    pre: ({ children, node }) => {
      const code = node?.children[0];
      const lang = /language-([\w+#-]+)/.exec(
        String(code?.type === "element" ? ((code.properties.className as string[] | undefined)?.[0] ?? "") : ""),
      )?.[1];
      if (isPanelKind(lang)) return <>{children}</>;
      // Built from the raw text, not the rendered children: the highlighter and Copy need the code itself.
      return <CodeBlock code={textOf(code).replace(/\n$/, "")} language={lang} />;
    },
    table: ({ children }) => (
      <div className="my-2 overflow-x-auto">
        <table className="w-full border-collapse text-sm [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1">
          {children}
        </table>
      </div>
    ),
  };
}

export const Markdown = memo(function Markdown({
  text,
  generated = [],
}: {
  text: string;
  generated?: readonly GeneratedFile[];
}) {
  return (
    <div className="prose-chat text-sm leading-relaxed [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-5 [&_h1]:text-lg [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-medium [&>*:first-child]:mt-0 [&>*:last-child]:mb-0">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        skipHtml
        urlTransform={urlTransform}
        components={components(generated)}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
