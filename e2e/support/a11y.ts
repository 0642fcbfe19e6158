import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';

/** WCAG 2.0/2.1/2.2 A and AA: the level the app promises (issue #12 item 10). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface Violation {
  screen: string;
  rule: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** The axe run in progress on each page: axe-core refuses a second run while one is going. */
const running = new WeakMap<Page, Promise<unknown>>();

/** Runs axe-core on what the page shows now (after any run in progress); returns its WCAG A/AA violations. */
export async function axeViolations(page: Page, screen = page.url()): Promise<Violation[]> {
  const previous = running.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => new AxeBuilder({ page }).withTags(TAGS).analyze());
  running.set(page, run);
  const results = await run;
  return results.violations.map((v) => ({
    screen,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => `${v.screen}: ${v.rule} (${v.impact}) ${v.help}\n    ${v.targets.join('\n    ')}`)
    .join('\n');
}

/** Fails with a readable list when the page shows an accessibility violation. */
export async function expectAccessible(page: Page, screen?: string): Promise<void> {
  const violations = await axeViolations(page, screen);
  if (violations.length > 0) {
    throw new Error(`axe-core found accessibility violations:\n${describeViolations(violations)}`);
  }
}

/** A check that could not finish because the page moved on (navigation, closed) is no finding. */
function isGone(error: unknown): boolean {
  const text = String(error);
  return /destroyed|closed|detached|navigat|Target page/i.test(text);
}

/**
 * Mantine classes on the screen that no stylesheet styles: a component whose styles were not loaded
 * (the public root loads Mantine's styles per component, app/public/styles.ts). Not an axe rule, but
 * checked on the same screens and reported the same way.
 */
export async function unstyledMantineClasses(page: Page, screen: string): Promise<Violation[]> {
  const missing = await page.evaluate(() => {
    const used = new Set<string>();
    for (const element of document.querySelectorAll('[class]')) {
      for (const name of element.classList) if (/^m_[0-9a-f]{8}$/.test(name)) used.add(name);
    }
    const css = [...document.styleSheets]
      .flatMap((sheet) => {
        try {
          return [...sheet.cssRules].map((rule) => rule.cssText);
        } catch {
          return [];
        }
      })
      .join('\n');
    return [...used].filter((name) => !css.includes(`.${name}`));
  });
  return missing.length === 0
    ? []
    : [
        {
          screen,
          rule: 'mantine-styles-missing',
          impact: 'serious',
          help: 'Mantine classes without styles',
          targets: missing,
        },
      ];
}

const key = (v: Violation) => `${v.rule} ${v.targets.join(',')}`;

/**
 * The screen's violations that a second check, a moment later, finds again. The automatic checks
 * run while the test goes on clicking, so a check can catch a menu or dialog half-way through its
 * transition (seen: a menu's dropdown checked after its items had gone). A violation of the screen
 * itself is still there on the second look; explicit checks (expectAccessible) stay single-shot.
 */
async function confirmedViolations(page: Page, screen: string): Promise<Violation[]> {
  const first = await axeViolations(page, screen);
  if (first.length === 0) return first;
  await page.waitForTimeout(SETTLE_MS);
  const again = new Set((await axeViolations(page, screen)).map(key));
  return first.filter((v) => again.has(key(v)));
}

/** Time for a screen reached by a navigation to render before it is checked. */
const SETTLE_MS = 400;

/**
 * Checks every screen each page of the context visits: after each main-frame navigation (also the
 * router's in-page ones) the screen is checked with axe-core once it has settled, one check at a
 * time per page. The violations are kept in the returned list; the suite fails on them after each
 * test (see browser.ts).
 */
export function watchAccessibility(context: BrowserContext, found: Violation[]): void {
  const watch = (page: Page) => {
    let queue: Promise<void> = Promise.resolve();
    let lastChecked = '';
    // A check running when its page closes may never settle: closing ends it (a closed page has no screen).
    const closed = new Promise<Violation[]>((resolve) => page.once('close', () => resolve([])));
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      queue = queue.then(async () => {
        try {
          await page.waitForLoadState('load');
          await page.waitForTimeout(SETTLE_MS);
          const url = page.url();
          if (url === lastChecked || url === 'about:blank') return;
          lastChecked = url;
          const screen = new URL(url).pathname;
          found.push(...(await Promise.race([confirmedViolations(page, screen), closed])));
          found.push(...(await Promise.race([unstyledMantineClasses(page, screen), closed])));
        } catch (error) {
          if (!isGone(error)) console.warn(`The accessibility check of ${page.url()} failed:`, error);
        }
      });
      pending.add(queue);
      void queue.finally(() => pending.delete(queue));
    });
  };
  const pending = new Set<Promise<void>>();
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  settleChecks.set(found, pending);
}

const settleChecks = new WeakMap<Violation[], Set<Promise<void>>>();

/** Waits for the checks still running on the screens visited so far. */
export async function checksDone(found: Violation[]): Promise<void> {
  await Promise.allSettled([...(settleChecks.get(found) ?? [])]);
}
