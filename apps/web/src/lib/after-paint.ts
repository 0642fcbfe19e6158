// No React here: the entry (main.tsx) uses this before React loads; the hook is in usePainted.ts.

/**
 * Resolves once the browser has painted the current frame (two frames, then a task: work started then
 * does not hold up that paint), or after `atMostMs` in a tab that paints nothing (a hidden tab runs no
 * frames).
 */
export function afterPaint(atMostMs = 200): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, atMostMs);
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
  });
}
