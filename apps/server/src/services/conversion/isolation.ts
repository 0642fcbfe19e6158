import { runProcess } from './process.ts';

export type IsolationMode = 'auto' | 'unshare' | 'none';

let unshareWorks: Promise<boolean> | undefined;

/** Whether `unshare -rn` (a new user and network namespace: no network at all) works on this system. */
function canUnshare(): Promise<boolean> {
  unshareWorks ??= runProcess('unshare', ['-rn', 'true'], { timeoutMs: 5_000 })
    .then((r) => r.code === 0)
    .catch(() => false);
  return unshareWorks;
}

/**
 * The command prefix that runs a converter without network access. `auto` uses `unshare -rn` when the
 * kernel allows unprivileged user namespaces and otherwise runs the converter directly (docs/decisions.md);
 * `unshare` insists on it; `none` never uses it.
 */
export async function isolationPrefix(mode: IsolationMode): Promise<string[]> {
  if (mode === 'none') return [];
  if (await canUnshare()) return ['unshare', '-rn'];
  if (mode === 'unshare') {
    throw new Error('CONVERSION_ISOLATION=unshare but `unshare -rn` does not work on this system');
  }
  return [];
}

/** Runs `command args` behind the isolation prefix. */
export async function isolatedCommand(
  mode: IsolationMode,
  command: string,
  args: string[],
): Promise<[string, string[]]> {
  const prefix = await isolationPrefix(mode);
  const [first, ...rest] = [...prefix, command, ...args];
  return [first ?? command, rest];
}
