// The `test` every spec uses: skips (with the config's reason) when no Chromium is installed locally.
import { test as base, expect } from "@playwright/test";

export const test = base.extend<{ requireChromium: void }>({
  requireChromium: [
    async ({ browserName: _browserName }, use, testInfo) => {
      const reason = process.env.SB_E2E_SKIP;
      testInfo.skip(Boolean(reason), reason);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
