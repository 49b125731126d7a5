import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.2 A and AA rules (QUALITY: accessibility). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** axe on the page, or only on the parts named by `include` (selectors): 0 violations. */
export async function audit(page: Page, label: string, include: string[] = []) {
  await page.waitForLoadState('networkidle');
  // A toast or dialog still fading in is half transparent, and axe measures the contrast of what
  // it sees: let every finite animation and transition end first (spinners run forever: skipped).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // From the top of the page: scrolled down, the sticky header lies over whatever button is under
  // it at that moment, and axe's target-size rule counts that overlap, so the verdict would depend
  // on where a test last scrolled (a CI run flagged the event page's Cancel button so). At the top
  // nothing is under the header; what else overlaps a target still counts.
  await page.evaluate(() => window.scrollTo({ top: 0, left: 0, behavior: 'instant' }));
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
