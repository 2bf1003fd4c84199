// Links in tool output open in a new tab and only for web addresses (chat spec §5's link rule, without
// protocol-relative links: a tool's URL always names its scheme).
import type { ReactNode } from "react";

export const isWebUrl = (href: string | null | undefined) => !!href && /^https?:\/\/[^/]/i.test(href.trim());

export function ResultLink({ href, children }: { href: string | null | undefined; children?: ReactNode }) {
  const label = children ?? href;
  if (!isWebUrl(href)) return <span className="[overflow-wrap:anywhere]">{label}</span>;
  return (
    <a
      href={href!.trim()}
      target="_blank"
      rel="nofollow noopener noreferrer"
      className="text-primary underline underline-offset-2 [overflow-wrap:anywhere]"
    >
      {label}
    </a>
  );
}

export function Citations({ urls }: { urls: readonly string[] }) {
  if (urls.length === 0) return null;
  return (
    <section aria-label="Citations" className="flex flex-col gap-1">
      <h5 className="text-xs font-medium text-muted-foreground">Citations</h5>
      <ol className="list-decimal pl-5 text-xs">
        {urls.map((url, i) => (
          <li key={i}>
            <ResultLink href={url} />
          </li>
        ))}
      </ol>
    </section>
  );
}
