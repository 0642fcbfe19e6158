import fs from 'node:fs';
import path from 'node:path';
import { runProcess } from './process.ts';

/** `bwrap`: insist on the sandbox; `auto`: use it when it works; `none`: never (see docs/decisions.md). */
export type IsolationMode = 'auto' | 'bwrap' | 'none';

/** What one converter run may see besides the system's programs and libraries. */
export interface SandboxView {
  /** Directories it may read and write (its job directory, its profile). Nothing else of the host's data. */
  writable: string[];
  /** Directories it may only read. */
  readable?: string[];
  /** Address-space limit of the converter (prlimit --as); undefined: no limit. */
  memoryBytes?: number | undefined;
}

export class IsolationUnavailableError extends Error {}

let bwrapWorks: Promise<boolean> | undefined;

/** Whether bubblewrap can make a sandbox here (unprivileged user namespaces, or root). */
export function canSandbox(): Promise<boolean> {
  bwrapWorks ??= runProcess('bwrap', ['--ro-bind', '/', '/', '--unshare-all', '--die-with-parent', 'true'], {
    timeoutMs: 5_000,
  })
    .then((r) => r.code === 0)
    .catch(() => false);
  return bwrapWorks;
}

/** Whether converters run in the sandbox under `mode`; `bwrap` without a working bwrap is an error. */
export async function sandboxed(mode: IsolationMode): Promise<boolean> {
  if (mode === 'none') return false;
  if (await canSandbox()) return true;
  if (mode === 'bwrap') {
    throw new IsolationUnavailableError(
      'CONVERSION_ISOLATION=bwrap but bubblewrap (`bwrap`) cannot create a sandbox on this system',
    );
  }
  return false;
}

/** The small part of /etc that LibreOffice, fontconfig and the dynamic linker read. No secrets. */
const ETC = [
  'fonts',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'libreoffice',
  'localtime',
];
const USR_LINKS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];

/** Where a command lives: the real path of its file, searched on PATH like the shell does. */
function resolveCommand(command: string): string | null {
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '/usr/bin:/bin').split(':').map((d) => path.join(d, command));
  for (const c of candidates) {
    try {
      return fs.realpathSync(c);
    } catch {
      /* not here */
    }
  }
  return null;
}

/**
 * The bubblewrap arguments of a view built from scratch: /usr (programs, libraries, fonts), a few files of
 * /etc, an empty /tmp, the given directories, fresh /dev and /proc; new user, PID, network (loopback only),
 * IPC and UTS namespaces; killed with its parent. The data directory, other jobs' files and the home
 * directories are simply not there.
 */
function bwrapArgs(command: string, view: SandboxView): string[] {
  const args = ['--unshare-all', '--die-with-parent', '--new-session', '--ro-bind', '/usr', '/usr'];
  for (const name of USR_LINKS) {
    const host = `/${name}`;
    const stat = fs.lstatSync(host, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) args.push('--symlink', fs.readlinkSync(host), host);
    else if (stat?.isDirectory()) args.push('--ro-bind', host, host);
  }
  for (const name of ETC) args.push('--ro-bind-try', `/etc/${name}`, `/etc/${name}`);
  args.push('--ro-bind-try', '/var/cache/fontconfig', '/var/cache/fontconfig');
  args.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');
  // A converter installed outside /usr (e.g. /opt/libreoffice/program/soffice): its installation,
  // read-only (its program folder alone when that sits right below the root).
  const real = resolveCommand(command);
  if (real && !real.startsWith('/usr/')) {
    const install = path.dirname(path.dirname(real));
    const dir = install.split('/').filter(Boolean).length < 2 ? path.dirname(real) : install;
    args.push('--ro-bind', dir, dir);
  }
  for (const dir of view.readable ?? []) args.push('--ro-bind', dir, dir);
  for (const dir of view.writable) args.push('--bind', dir, dir);
  args.push('--chdir', view.writable[0] ?? view.readable?.[0] ?? '/tmp');
  return args;
}

/**
 * The command line that runs `command args` with `view` as its whole filesystem and no network when
 * `mode` allows the sandbox (see sandboxed()), and with its memory limited either way.
 */
export async function isolatedCommand(
  mode: IsolationMode,
  command: string,
  args: string[],
  view: SandboxView,
): Promise<[string, string[]]> {
  const limit = view.memoryBytes ? ['prlimit', `--as=${view.memoryBytes}`, '--'] : [];
  const inner = [...limit, command, ...args];
  const line = (await sandboxed(mode)) ? ['bwrap', ...bwrapArgs(command, view), '--', ...inner] : inner;
  const [first, ...rest] = line;
  return [first ?? command, rest];
}

/**
 * Checked when a jobs worker starts: converters without the sandbox can read every file the server can
 * (other organizations' documents) and reach the network. Production refuses that unless
 * CONVERSION_ALLOW_UNISOLATED is set; anywhere else it is a warning.
 */
export async function checkIsolation(
  opts: { mode: IsolationMode; production: boolean; allowUnisolated: boolean },
  log: { warn: (msg: string) => void },
): Promise<boolean> {
  const on = await sandboxed(opts.mode);
  if (on) return true;
  if (opts.production && !opts.allowUnisolated) {
    throw new IsolationUnavailableError(
      `Document converters would run without a sandbox (CONVERSION_ISOLATION=${opts.mode}${
        opts.mode === 'none' ? '' : ', bubblewrap unavailable'
      }) and could read other organizations' files. Install bubblewrap and allow user namespaces, or set ` +
        'CONVERSION_ALLOW_UNISOLATED=true if the worker runs in its own locked-down container.',
    );
  }
  log.warn(UNISOLATED_WARNING);
  return false;
}

export const UNISOLATED_WARNING =
  'conversion: converters run WITHOUT a sandbox (no bubblewrap): they can read local files and reach the network';
