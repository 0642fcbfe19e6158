/**
 * Early GETs (issue #12 item 8): for a page that names its first call in the route table (`earlyCall`),
 * the entry starts that call while the page's code still loads, and the API client takes its answer
 * instead of asking again, so the page renders when its code is there rather than one more round later.
 * Each answer is taken once; only public calls, which need no session, are started this way.
 */
const started = new Map<string, Promise<Response>>();

/** Starts a public GET of `url` (an /api path) with the app's header. */
export function startEarly(url: string): void {
  if (started.has(url)) return;
  const answer = fetch(url, { headers: { 'application-id': 'Frontend' } });
  // An early call that fails is asked again by the page: nothing to report here.
  answer.catch(() => undefined);
  started.set(url, answer);
}

/** The answer of an early GET of `url`, once; undefined when none was started (or it was taken). */
export function takeEarly(url: string): Promise<Response> | undefined {
  const answer = started.get(url);
  started.delete(url);
  return answer;
}
