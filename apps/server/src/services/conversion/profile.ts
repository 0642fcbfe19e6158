import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isolatedCommand, type IsolationMode } from './isolation.ts';
import { runProcess } from './process.ts';

export interface SofficeRun {
  soffice: string;
  isolation: IsolationMode;
  timeoutMs: number;
  memoryBytes: number;
}

/**
 * Settings every conversion's profile carries: formulas keep the values the file was saved with (no
 * recalculation on load of OOXML, ODF or Excel 97 files: a crafted sheet would otherwise compute things
 * about the server), and links to other files or the web are never updated.
 */
const HARDENING: [path: string, name: string, value: string][] = [
  ['/org.openoffice.Office.Calc/Formula/Load', 'OOXMLRecalcMode', '1'],
  ['/org.openoffice.Office.Calc/Formula/Load', 'ODFRecalcMode', '1'],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', '0'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', '0'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
];

/** Adds HARDENING to a profile's registrymodifications.xcu (which LibreOffice reads at start). */
async function harden(profile: string): Promise<void> {
  const file = path.join(profile, 'user', 'registrymodifications.xcu');
  const xcu = await fsp.readFile(file, 'utf8');
  const items = HARDENING.map(
    ([p, name, value]) =>
      `<item oor:path="${p}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`,
  ).join('\n');
  if (!xcu.includes('</oor:items>'))
    throw new Error('The LibreOffice profile has no registrymodifications.xcu');
  await fsp.writeFile(file, xcu.replace('</oor:items>', `${items}\n</oor:items>`));
}

let template: Promise<string> | undefined;
/** Stops a template build still running when the app closes. */
let building = new AbortController();

/** The LibreOffice argument that selects a profile directory. */
export function profileArg(dir: string): string {
  return `-env:UserInstallation=${pathToFileURL(dir).href}`;
}

/** A minimal environment: no inherited secrets, HOME and TMPDIR inside the job's own directory. */
export function converterEnv(dir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, TMPDIR: dir, LANG: 'C.UTF-8' };
}

/** Builds the template profile by converting an empty text file once. */
async function buildTemplate(run: SofficeRun): Promise<string> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-lo-template-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const input = path.join(dir, 'warmup.txt');
  await fsp.writeFile(input, '');
  const profile = path.join(dir, 'profile');
  const [command, args] = await isolatedCommand(
    run.isolation,
    run.soffice,
    [
      profileArg(profile),
      '--headless',
      '--norestore',
      '--convert-to',
      'pdf',
      '--outdir',
      path.join(dir, 'out'),
      input,
    ],
    { writable: [dir], memoryBytes: run.memoryBytes },
  );
  const r = await runProcess(command, args, {
    timeoutMs: run.timeoutMs,
    env: converterEnv(dir),
    signal: building.signal,
  }).catch(async (err: unknown) => {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  });
  try {
    if (r.code !== 0 || !fs.existsSync(path.join(profile, 'user'))) {
      throw new Error(`Could not prepare a LibreOffice profile: ${r.stderr.trim() || `exit ${r.code}`}`);
    }
    await harden(profile);
  } catch (err) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  }
  return profile;
}

/** Removes the template profile (app close); the next conversion makes a new one. */
export async function disposeProfileTemplate(): Promise<void> {
  const built = template;
  template = undefined;
  building.abort();
  building = new AbortController();
  const profile = await built?.catch(() => null);
  if (profile) await fsp.rm(path.dirname(profile), { recursive: true, force: true });
}

/**
 * Puts a fresh LibreOffice profile into `target`. Most of a first run goes into creating the profile, so
 * one is made per process and copied for every job: jobs never share a profile (two soffice processes on
 * one profile lose output silently) yet start quickly.
 */
export async function freshProfile(target: string, run: SofficeRun): Promise<void> {
  template ??= buildTemplate(run).catch((err: unknown) => {
    template = undefined;
    throw err;
  });
  await fsp.cp(await template, target, { recursive: true });
}
