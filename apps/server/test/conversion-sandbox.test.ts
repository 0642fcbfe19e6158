import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { Converter } from '../src/services/conversion/index.ts';
import {
  checkIsolation,
  isolatedCommand,
  IsolationUnavailableError,
  UNISOLATED_WARNING,
} from '../src/services/conversion/isolation.ts';
import { runProcess } from '../src/services/conversion/process.ts';
import { extractPdfText } from '../src/services/text/index.ts';
import { buildDocumentsApp } from './documents-helper.ts';
import { LIBREOFFICE } from './helper.ts';

const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  CONVERSION_ISOLATION: 'bwrap',
}).conversion;
let tmp: string;
/** Stands in for DATA_DIR: stored documents of every organization. */
let data: string;
let job: string;
beforeAll(async () => {
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-sandbox-test-'));
  data = path.join(tmp, 'data');
  job = path.join(tmp, 'job');
  await fsp.mkdir(data);
  await fsp.mkdir(job);
  const svg = (word: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="4" y="30" font-size="20">${word}</text></svg>`;
  await fsp.writeFile(path.join(data, 'marker.svg'), svg('OTHERTENANT'));
  await fsp.writeFile(path.join(job, 'own.svg'), svg('OWNIMAGE'));
});
afterAll(async () => fsp.rm(tmp, { recursive: true, force: true }));

const run = async (command: string, args: string[]) => {
  const [cmd, full] = await isolatedCommand('bwrap', command, args, { writable: [job] });
  return runProcess(cmd, full, { timeoutMs: 10_000 });
};
const pdfText = (pdf: string) => extractPdfText(pdf, { ...config, timeoutMs: 30_000 });

describe('converter sandbox (bubblewrap)', () => {
  it('has only a loopback interface and none of the host files outside its job directory', async () => {
    const net = await run('cat', ['/proc/net/dev']);
    const interfaces = net.stdout
      .toString()
      .split('\n')
      .slice(2)
      .map((l) => l.split(':')[0]?.trim())
      .filter(Boolean);
    expect(interfaces).toEqual(['lo']);
    expect((await run('cat', [path.join(data, 'marker.svg')])).code).not.toBe(0);
    expect((await run('ls', [os.homedir()])).code).not.toBe(0);
    expect((await run('cat', ['/etc/shadow'])).code).not.toBe(0);
    const own = await run('cat', [path.join(job, 'own.svg')]);
    expect(own.stdout.toString()).toContain('OWNIMAGE');
  });

  it('limits the converter memory', async () => {
    const [cmd, args] = await isolatedCommand('bwrap', 'sh', ['-c', 'ulimit -v'], {
      writable: [job],
      memoryBytes: 512 * 1024 * 1024,
    });
    expect((await runProcess(cmd, args, { timeoutMs: 10_000 })).stdout.toString().trim()).toBe(
      String(512 * 1024),
    );
  });

  it('does not embed a file outside the job directory that a document names by absolute path', async () => {
    const html = path.join(job, 'page.html');
    await fsp.writeFile(
      html,
      `<html><body><p><img src="file://${path.join(data, 'marker.svg')}" width="300" height="40"></p>` +
        '<p><img src="own.svg" width="300" height="40"></p><p>Closing words</p></body></html>',
    );
    const pdf = await new Converter(config).convert(html, 'pdf', path.join(job, 'out'));
    const text = await pdfText(pdf);
    expect(text).toContain('Closing words');
    // The same kind of reference inside the job directory is embedded: the check can see images.
    expect(text).toContain('OWNIMAGE');
    expect(text).not.toContain('OTHERTENANT');
  });
});

describe('isolation at start', () => {
  const log = () => {
    const lines: string[] = [];
    return { lines, warn: (m: string) => void lines.push(m) };
  };

  it('refuses a production worker without the sandbox unless explicitly allowed, warning otherwise', async () => {
    const refused = log();
    await expect(
      checkIsolation({ mode: 'none', production: true, allowUnisolated: false }, refused),
    ).rejects.toBeInstanceOf(IsolationUnavailableError);
    const allowed = log();
    expect(await checkIsolation({ mode: 'none', production: true, allowUnisolated: true }, allowed)).toBe(
      false,
    );
    expect(allowed.lines).toEqual([UNISOLATED_WARNING]);
    const development = log();
    expect(
      await checkIsolation({ mode: 'none', production: false, allowUnisolated: false }, development),
    ).toBe(false);
    expect(development.lines).toEqual([UNISOLATED_WARNING]);
    const sandboxed = log();
    expect(await checkIsolation({ mode: 'auto', production: true, allowUnisolated: false }, sandboxed)).toBe(
      true,
    );
    expect(sandboxed.lines).toEqual([]);
  });

  it('refuses an unknown isolation mode in the configuration', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', CONVERSION_ISOLATION: 'unshare' })).toThrow(
      /CONVERSION_ISOLATION/,
    );
    expect(fs.existsSync('/usr/bin/bwrap')).toBe(true);
  });
});

/** Processes below this one whose command line names soffice (other test files' converters are not ours). */
function ourSoffices(): number[] {
  const parent = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === process.pid) return true;
    return false;
  };
  return [...parent.keys()].filter((pid) => {
    try {
      return below(pid) && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('soffice');
    } catch {
      return false;
    }
  });
}

const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

describe('stopping the server', () => {
  it('leaves no LibreOffice process behind when the app closes mid-conversion', async () => {
    const t = await buildDocumentsApp({ ...LIBREOFFICE, JOBS_WORKER: 'true', JOBS_POLL_MS: '50' });
    try {
      const user = await t.signUp();
      await t.create(user, 'contract', 'Blank');
      let pids: number[] = [];
      // Until its LibreOffice runs (a hang detector: seconds when idle, ten times that at a load of 20).
      for (let i = 0; i < 2400 && pids.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        pids = ourSoffices();
      }
      expect(pids.length).toBeGreaterThan(0);
      await t.close();
      expect(pids.filter(running)).toEqual([]);
      expect(ourSoffices()).toEqual([]);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});
