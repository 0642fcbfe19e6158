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
  /** The elements' markup (shortened): Mantine's generated ids alone do not say which component it is. */
  markup?: string[];
}

/** The axe run in progress on each page: axe-core refuses a second run while one is going. */
const running = new WeakMap<Page, Promise<unknown>>();

/** The longest wait for a screen's transitions to end before it is checked anyway. */
const STILL_LIMIT_MS = 5_000;

/**
 * Waits until no finite animation or CSS transition runs on the page (spinners, which never end, do not
 * count), or STILL_LIMIT_MS. A toast fading out or a dialog fading in is half-transparent: axe-core would
 * measure its colour contrast mid-way. (Checks were seen running during such fades; an unexplained CI
 * failure of the dashboard's check, just after a toast, was probably one.)
 */
async function untilStill(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: STILL_LIMIT_MS },
    )
    .catch((error: unknown) => {
      if (page.isClosed() || isGone(error)) throw error;
    });
}

/**
 * The longest an axe-core run may take. Its page.evaluate() calls have no time-out of their own: a run that
 * never ended would hold every later check of its page, and the test, until the test's own limit with no step
 * named. Past it the check fails, naming the screen.
 */
const AXE_LIMIT_MS = 120_000;

function within<T>(work: Promise<T>, ms: number, screen: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe-core did not finish in ${ms / 1000} s on ${screen}`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs axe-core on what the page shows once its transitions have ended (after any run in progress);
 * returns its WCAG A/AA violations.
 */
export async function axeViolations(page: Page, screen = page.url()): Promise<Violation[]> {
  const previous = running.get(page) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => untilStill(page))
    .then(() =>
      // Legacy mode: one axe.run() in the page. The default mode finishes each run in a blank page it opens in
      // the page's context, and a context closed while that page was open never finished closing (two CI runs
      // waited out the 480 s test limit at a journey's last context.close(), the only page left an about:blank).
      // Frames are not looked into: Sinetti's screens have none, and its signing page inside another site's
      // page (embedded signing) is checked where it is visited itself.
      within(new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze(), AXE_LIMIT_MS, screen),
    );
  running.set(page, run);
  const results = await run;
  return results.violations.map((v) => ({
    screen,
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    markup: v.nodes.slice(0, 5).map((n) => n.html.slice(0, 300)),
  }));
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map(
      (v) =>
        `${v.screen}: ${v.rule} (${v.impact}) ${v.help}\n    ` +
        v.targets.map((target, i) => `${target}${v.markup?.[i] ? `  ${v.markup[i]}` : ''}`).join('\n    '),
    )
    .join('\n');
}

/** Fails with a readable list when the page shows an accessibility violation that later looks find again. */
export async function expectAccessible(page: Page, screen = page.url()): Promise<void> {
  const violations = await confirmedViolations(page, screen);
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

/** Later looks a violation must survive, and the time between them. */
const CONFIRMATIONS = 3;
const CONFIRM_GAP_MS = 1000;

/**
 * The screen's violations that every later check, over a few seconds, finds again. The automatic
 * checks run while the test goes on clicking, so a check can catch a menu or dialog half-way through
 * its transition (seen: a menu's dropdown checked after its items had gone, twice 400 ms apart on a
 * loaded machine). A violation of the screen itself is still there on every look. Explicit checks
 * (expectAccessible) use it too: a screenshot taken as a toast fades out is no finding either.
 */
async function confirmedViolations(page: Page, screen: string): Promise<Violation[]> {
  let confirmed = await axeViolations(page, screen);
  for (let look = 0; look < CONFIRMATIONS && confirmed.length > 0; look++) {
    await page.waitForTimeout(look === 0 ? SETTLE_MS : CONFIRM_GAP_MS);
    const again = new Set((await axeViolations(page, screen)).map(key));
    confirmed = confirmed.filter((v) => again.has(key(v)));
  }
  return confirmed;
}

/** Time for a screen reached by a navigation to render before it is checked. */
const SETTLE_MS = 400;

/** Exposed to the pages: called when a dialog (modal, popover) appears, with its accessible name. */
const DIALOG_BINDING = '__sinettiDialogShown';

/**
 * Runs in every page before its scripts: tells the test when an element with role="dialog" appears
 * (a modal, a drawer, a popover), so that what a dialog shows is checked like a screen.
 */
function reportDialogs(binding: string): void {
  const seen = new WeakSet<Element>();
  const nameOf = (dialog: Element) =>
    dialog.getAttribute('aria-label') ??
    document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent ??
    '';
  const scan = () => {
    for (const dialog of document.querySelectorAll('[role="dialog"]')) {
      if (seen.has(dialog)) continue;
      seen.add(dialog);
      const report = (window as unknown as Record<string, (name: string) => void>)[binding];
      report?.(nameOf(dialog).trim().slice(0, 60));
    }
  };
  const observe = () => new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  if (document.body) observe();
  else document.addEventListener('DOMContentLoaded', observe);
}

/**
 * Checks every screen each page of the context visits: after each main-frame navigation (also the
 * router's in-page ones) the screen is checked with axe-core once it has settled, and again when a
 * dialog appears (once per dialog name and path), one check at a time per page. The violations are
 * added to `found`; the suite fails on them after each test (see browser.ts). A check that
 * fails twice for another reason than the page moving on is a finding too: a screen no check could
 * read is not a screen that passed.
 */
export async function watchAccessibility(context: BrowserContext, found: Violation[]): Promise<void> {
  const pending = new Set<Promise<void>>();
  const queues = new WeakMap<
    Page,
    { queue: Promise<void>; checked: Set<string>; closed: Promise<Violation[]>; navigations: number }
  >();
  const stateOf = (page: Page) => {
    let state = queues.get(page);
    if (!state) {
      // A check running when its page closes may never settle: closing ends it (a closed page has no screen).
      const closed = new Promise<Violation[]>((resolve) => page.once('close', () => resolve([])));
      state = { queue: Promise.resolve(), checked: new Set(), closed, navigations: 0 };
      queues.set(page, state);
    }
    return state;
  };
  /**
   * Queues a check of what the page shows once it has settled, unless `screenOf` names one checked. A check
   * belongs to the screen it was queued on: once the page has navigated on, it is dropped, and whatever it
   * met on the way is no finding (the navigation queued a check of the new screen). A document replaced
   * between axe-core's injection and its run answers "Cannot read properties of undefined (reading 'run')":
   * a CI run reported that as a failed check after a journey's quick succession of page.goto() calls.
   */
  const check = (page: Page, screenOf: (path: string) => string) => {
    const state = stateOf(page);
    const queuedAt = state.navigations;
    const left = () => state.navigations !== queuedAt;
    const run = async (attempt: number): Promise<void> => {
      try {
        await page.waitForLoadState('load');
        await page.waitForTimeout(SETTLE_MS);
        if (left()) return;
        const url = page.url();
        if (url === 'about:blank') return;
        const screen = screenOf(new URL(url).pathname);
        if (state.checked.has(screen)) return;
        state.checked.add(screen);
        found.push(...(await Promise.race([confirmedViolations(page, screen), state.closed])));
        found.push(...(await Promise.race([unstyledMantineClasses(page, screen), state.closed])));
      } catch (error) {
        if (isGone(error) || page.isClosed() || left()) return;
        const screen = screenOf(new URL(page.url()).pathname);
        state.checked.delete(screen);
        if (attempt === 1) return run(2);
        found.push({ screen, rule: 'check-failed', impact: 'serious', help: String(error), targets: [] });
      }
    };
    state.queue = state.queue.then(() => run(1));
    const queued = state.queue;
    pending.add(queued);
    void queued.finally(() => pending.delete(queued));
  };
  const watch = (page: Page) => {
    let lastUrl = '';
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || frame.url() === lastUrl) return;
      lastUrl = frame.url();
      const state = stateOf(page);
      state.navigations += 1;
      // A path seen again after other screens (back to the list) is checked again: it may show other rows.
      state.checked.clear();
      check(page, (path) => path);
    });
  };
  await context.exposeBinding(DIALOG_BINDING, ({ page }, name: string) =>
    check(page, (path) => `${path} (dialog "${name}")`),
  );
  await context.addInitScript(reportDialogs, DIALOG_BINDING);
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
  settleChecks.set(found, pending);
}

const settleChecks = new WeakMap<Violation[], Set<Promise<void>>>();

/** Waits for the checks still running on the screens visited so far. */
export async function checksDone(found: Violation[]): Promise<void> {
  await Promise.allSettled([...(settleChecks.get(found) ?? [])]);
}
