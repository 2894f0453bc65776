import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's serious and critical findings on the page as it stands (WCAG 2.1 A and AA rules). */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axe.source);
  const results = (await page.evaluate(() =>
    (globalThis as unknown as { axe: typeof axe; document: unknown }).axe.run(
      (globalThis as unknown as { document: axe.ElementContext }).document,
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      },
    ),
  )) as axe.AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
