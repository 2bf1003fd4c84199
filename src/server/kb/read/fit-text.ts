// Sections (chunks or pages) under headings, fitted into a character budget: short sections keep their
// whole text; what they leave is shared equally by the longer ones, which are cut and counted.

export interface Section {
  heading: string;
  content: string;
}

const SEPARATOR = "\n\n";
const ELLIPSIS = "…";

export function fitSections(sections: readonly Section[], maxChars: number): { text: string; truncated: number } {
  const headings = sections.map((s) => `${s.heading}\n`);
  const overhead = headings.reduce((n, h) => n + h.length, 0) + SEPARATOR.length * Math.max(0, sections.length - 1);
  let budget = Math.max(0, maxChars - overhead);
  const allowance = new Array<number>(sections.length);
  const byLength = sections.map((_, i) => i).sort((a, b) => sections[a]!.content.length - sections[b]!.content.length);
  byLength.forEach((i, rank) => {
    allowance[i] = Math.min(sections[i]!.content.length, Math.floor(budget / (byLength.length - rank)));
    budget -= allowance[i]!;
  });
  let truncated = 0;
  const parts = sections.map((s, i) => {
    const room = allowance[i]!;
    if (s.content.length <= room) return headings[i] + s.content;
    truncated++;
    return headings[i] + (room > ELLIPSIS.length ? s.content.slice(0, room - ELLIPSIS.length) + ELLIPSIS : "");
  });
  // A budget smaller than the headings themselves: every section is already counted as cut.
  return { text: parts.join(SEPARATOR).slice(0, maxChars), truncated };
}
