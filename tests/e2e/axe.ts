/**
 * The one way the browser tests run axe-core: `axeViolations(page, tags?)` resolves to the page's
 * violations (all rules, or only those of `tags`).
 *
 * Legacy mode runs axe once in the page instead of once per frame and then again in a fresh page
 * to merge (@axe-core/playwright's default); the app has no frames, so the verdict is the same, in
 * about 60 % of the time (measured on the dashboard and users screens: 4.7 s → 2.7 s). Only
 * violations are reported in full; the passes' node lists are never read.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export type AxeViolations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** The axe-core violations on `page` as it is now, of the rules tagged `tags` (default: all). */
export async function axeViolations(page: Page, tags?: readonly string[]): Promise<AxeViolations> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (tags) builder.withTags([...tags]);
  return (await builder.analyze()).violations;
}
