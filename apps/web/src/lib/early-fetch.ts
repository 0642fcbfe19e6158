/**
 * Early GETs (issue #12 item 8): for a page that names its first call in the route table (`earlyCall`),
 * the entry starts that call while the page's code still loads. The page's first render can then start
 * from its answer (`earlyQueryOptions`), and otherwise the API client takes the answer instead of asking
 * again (`takeEarly`), so the page renders when its code is there rather than one more round later.
 * Each answer is used once; only public calls, which need no session, are started this way.
 */
interface Early {
  answer: Promise<Response>;
  /** The reply's body once it arrived, when it was a success (`status: 'OK'`). */
  data?: unknown;
  /** Settles when the answer and its body have arrived (or failed). */
  settled: Promise<void>;
}
const started = new Map<string, Early>();

/** Starts a public GET of `url` (an /api path) with the app's header. */
export function startEarly(url: string): void {
  if (started.has(url)) return;
  const answer = fetch(url, { headers: { 'application-id': 'Frontend' } });
  const entry: Early = { answer, settled: Promise.resolve() };
  // The body is read from a copy, so that whoever takes the answer can still read it. An early call
  // that fails is asked again by the page: nothing to report here.
  entry.settled = answer
    .then((res) => (res.ok ? res.clone().json() : undefined))
    .then((body: unknown) => {
      if (body && typeof body === 'object' && (body as { status?: unknown }).status === 'OK')
        entry.data = body;
    })
    .catch(() => undefined);
  started.set(url, entry);
}

/** The answer of an early GET of `url`, once; undefined when none was started (or it was used). */
export function takeEarly(url: string): Promise<Response> | undefined {
  const entry = started.get(url);
  started.delete(url);
  return entry?.answer;
}

/**
 * The successful reply of an early GET of `url` if it has already arrived, once (a later call asks the
 * server); undefined otherwise, and then the answer stays for `takeEarly`.
 */
export function takeEarlyData(url: string): unknown {
  const entry = started.get(url);
  if (!entry || entry.data === undefined) return undefined;
  started.delete(url);
  return entry.data;
}

/** Resolves when every early GET has arrived or failed, or after `atMostMs`, whichever is first. */
export function earlyCallsSettled(atMostMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, atMostMs);
  });
  const all = Promise.all([...started.values()].map((entry) => entry.settled)).then(() => undefined);
  return Promise.race([all, limit]).finally(() => clearTimeout(timer));
}
