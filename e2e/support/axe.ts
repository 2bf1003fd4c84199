// axe-core on a page, against WCAG 2.1 A and AA (issue 17 #23): any serious or critical violation fails,
// named by rule id and the elements it found, in both themes (src/client/lib/theme.ts follows the system
// by default, so the colour scheme the browser reports picks the theme).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);
export const THEMES = ["light", "dark"] as const;

/** The serious and critical violations on the page as it is, one line per rule. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ""))
    .map(
      (v) =>
        `${v.id} (${v.impact}) on ${v.nodes.length}: ` +
        v.nodes
          .map((n) => `${n.target.join(" ")}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, " ")}]` : ""}`)
          .join(" | "),
    );
}

/**
 * Opens the screen in each theme and expects no serious or critical violation. `ready` waits for what
 * the screen shows once loaded (axe on a half-loaded page proves little).
 */
export async function expectAccessibleInBothThemes(page: Page, open: () => Promise<void>) {
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await open();
    await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // Let colour transitions (hover and focus styles animate over 150 ms) settle before contrast is measured.
    await page.waitForTimeout(300);
    expect(await seriousViolations(page), `${theme} theme of ${page.url()}`).toEqual([]);
  }
}
