import type { BrowserContext } from 'playwright-core';

/** Exposed to the pages: called with each Content-Security-Policy violation the browser reports. */
const CSP_BINDING = '__sinettiCspViolation';

/** Runs in every page before its scripts: forwards the browser's `securitypolicyviolation` events. */
function reportViolations(binding: string): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[binding];
    const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
    report?.(
      `${event.effectiveDirective} refused ${event.blockedURI || 'an inline script or style'}${where}`,
    );
  });
}

/**
 * Collects every Content-Security-Policy violation on the context's pages (issue #12 item 12: "a CSP
 * violation on every page"): the server's policy must let the app do all it does, and the app must not
 * try what the policy forbids. The suite fails on them after each test (browser.ts).
 */
export async function watchContentSecurityPolicy(context: BrowserContext, found: string[]): Promise<void> {
  await context.exposeBinding(CSP_BINDING, ({ page }, text: string) => {
    found.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  await context.addInitScript(reportViolations, CSP_BINDING);
}
