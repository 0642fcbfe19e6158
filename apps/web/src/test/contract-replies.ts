import { api, type Endpoint } from '@sinetti/contract';

/**
 * Mocked replies checked against the contract (issue #31 item 15): a test's fake `GET /api/...` reply that
 * the real endpoint could never send (a missing field, a wrong type) made tests pass against a server that
 * does not exist. mockFetch hands every successful JSON reply here; each one that fits no endpoint of that
 * method and path is recorded, and the test fails after it ends (vitest.setup.ts).
 */
const ENDPOINTS: Endpoint[] = Object.values(api).flatMap((area) =>
  Object.values(area as Record<string, unknown>).filter(
    (e): e is Endpoint =>
      typeof e === 'object' && e !== null && typeof (e as Endpoint).reply?.safeParse === 'function',
  ),
);

/** Whether a contract path (`/documents/info/:id`, optional `:name?` last) matches a concrete path. */
function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  if (got.length > want.length) return false;
  return want.every((segment, i) => {
    const value = got[i];
    if (segment.startsWith(':')) return value !== undefined ? value !== '' : segment.endsWith('?');
    return value === segment;
  });
}

/** The endpoints a mocked "METHOD /api/path?query" may stand for. */
export function endpointsFor(method: string, url: string): Endpoint[] {
  const path = url.split('?')[0]!.replace(/^\/api(?=\/)/, '');
  return ENDPOINTS.filter((e) => e.method === method && pathMatches(e.path, path));
}

const mismatches: string[] = [];

/** Records a successful JSON reply that no matching endpoint's reply schema accepts. */
export function checkMockReply(method: string, url: unknown, status: number, body: unknown): void {
  if (typeof url !== 'string') return;
  if (status < 200 || status >= 300 || typeof body !== 'object' || body === null) return;
  const candidates = endpointsFor(method, url);
  if (candidates.length === 0) return;
  const problems = candidates.map((e) => e.reply.safeParse(body));
  if (problems.some((p) => p.success)) return;
  const first = problems[0]!;
  const issues = first.success
    ? ''
    : first.error.issues.map((i) => `${i.path.join('.') || '(reply)'}: ${i.message}`).join('; ');
  mismatches.push(`${method} ${url} (${candidates[0]!.id}): ${issues}`);
}

/** The mismatches recorded since the last call, forgotten afterwards. */
export function takeReplyMismatches(): string[] {
  return mismatches.splice(0);
}
