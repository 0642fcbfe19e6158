import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServicesConfig } from '../config.ts';
import { ConversionFailedError } from './errors.ts';
import { isolatedCommand, sandboxed, UNISOLATED_WARNING } from './isolation.ts';
import { Limiter, type LimiterStats } from './limiter.ts';
import { runProcess } from './process.ts';
import { converterEnv, freshProfile, profileArg } from './profile.ts';
import { allowedSlots, systemMemory, type MemoryReading } from './slots.ts';
import { StandInConverter } from './stand-in.ts';

export { ProcessAbortedError, ProcessTimeoutError } from './process.ts';

export { ConversionFailedError, ConversionTooLargeError } from './errors.ts';

export type ConversionConfig = ServicesConfig['conversion'];

/** Output formats and the LibreOffice filter for each. */
const FILTERS = { pdf: 'pdf', docx: 'docx:MS Word 2007 XML' } as const;
export type TargetFormat = keyof typeof FILTERS;

/** What turns a file into a PDF or a DOCX: LibreOffice (Converter), or in tests a stand-in (stand-in.ts). */
export interface DocumentConverter {
  convert(
    input: string,
    format: TargetFormat,
    outDir: string,
    opts?: { signal?: AbortSignal; tenant?: string },
  ): Promise<string>;
}

/**
 * LibreOffice's CSV import options: separators 44/59/9 (comma, semicolon, tab), text delimiter 34 ("),
 * character set 76 (UTF-8), from line 1, standard cell formats, default language, quoted fields not
 * forced to text, special numbers detected, (three export-only options), no sheet, token 13 "evaluate
 * formulas" off: `=INFO("osversion")` shows as text instead of this machine's kernel.
 */
const CSV_FILTER = 'CSV:44/59/9,34,76,1,,0,false,true,false,false,false,,false';

/** The deepest directory holding both paths (the job directory the sandbox shows). */
function commonDir(a: string, b: string): string {
  const pa = path.resolve(a).split(path.sep);
  const pb = path.resolve(b).split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  const dir = pa.slice(0, i).join(path.sep) || path.sep;
  if (dir.split(path.sep).filter(Boolean).length < 2) {
    throw new Error(`Input ${a} and output ${b} share no job directory`);
  }
  return dir;
}

/**
 * LibreOffice headless as a converter: one fresh profile and one temporary directory per conversion, a time
 * limit (the whole process group is killed), a memory limit, a sandbox that shows it only the job's
 * directory and no network (see isolation.ts). How many run at once is SlotConverter's business.
 */
export class Converter implements DocumentConverter {
  constructor(
    private readonly config: ConversionConfig,
    private readonly log?: { warn: (msg: string) => void },
  ) {}

  async convert(
    input: string,
    format: TargetFormat,
    outDir: string,
    opts: { signal?: AbortSignal; tenant?: string } = {},
  ): Promise<string> {
    const signal = opts.signal;
    const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-lo-'));
    try {
      const run = {
        soffice: this.config.soffice,
        isolation: this.config.isolation,
        timeoutMs: this.config.timeoutMs,
        memoryBytes: this.config.memoryBytes,
      };
      if (!(await sandboxed(run.isolation))) this.log?.warn(UNISOLATED_WARNING);
      const profile = path.join(work, 'profile');
      await freshProfile(profile, run);
      await fsp.mkdir(outDir, { recursive: true });
      const [command, args] = await isolatedCommand(
        run.isolation,
        run.soffice,
        [
          profileArg(profile),
          '--headless',
          '--norestore',
          '--nolockcheck',
          // HTML opened as a Writer document: Writer/Web's own import drops the first paragraph.
          ...(/\.html?$/i.test(input) ? ['--infilter=HTML (StarWriter)'] : []),
          // CSV: comma, semicolon or tab, UTF-8, and formulas stay text (never computed here).
          ...(/\.csv$/i.test(input) ? [`--infilter=${CSV_FILTER}`] : []),
          '--convert-to',
          FILTERS[format],
          '--outdir',
          outDir,
          input,
        ],
        { writable: [commonDir(input, outDir), work], memoryBytes: run.memoryBytes },
      );
      const r = await runProcess(command, args, {
        timeoutMs: run.timeoutMs,
        signal,
        env: converterEnv(work),
      });
      const output = path.join(outDir, `${path.parse(input).name}.${format}`);
      if (r.code !== 0 || !fs.existsSync(output)) {
        throw new ConversionFailedError(
          `LibreOffice could not convert the file to ${format}: ${r.stderr.trim().slice(-500) || `exit ${r.code}`}`,
        );
      }
      return output;
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }
}

/**
 * An engine (LibreOffice, the stand-in) behind this process's conversion slots: at most the slot rule's
 * number at once (CONVERSION_SLOTS, slots.ts) and at most `perOrganization` of one organization, a free slot
 * going to the organization with the fewest conversions running, then the one served longest ago
 * (limiter.ts). Whatever can be refused without the engine is refused before convert() is called.
 */
export class SlotConverter implements DocumentConverter {
  private readonly limiter: Limiter;
  constructor(
    readonly engine: DocumentConverter,
    config: Pick<ConversionConfig, 'slots' | 'perOrganization' | 'memoryBytes'>,
    memory: () => MemoryReading = systemMemory,
  ) {
    this.limiter = new Limiter({
      limit:
        config.slots === 'auto'
          ? () => allowedSlots('auto', config.memoryBytes, memory())
          : allowedSlots(config.slots, config.memoryBytes),
      perKey: config.perOrganization,
    });
  }

  convert(
    input: string,
    format: TargetFormat,
    outDir: string,
    opts: { signal?: AbortSignal; tenant?: string } = {},
  ): Promise<string> {
    return this.limiter.run(() => this.engine.convert(input, format, outDir, opts), opts.tenant);
  }

  /** The slots in use and the conversions waiting for one (per organization too). */
  stats(): LimiterStats {
    return this.limiter.stats();
  }
}

const converters = new WeakMap<ConversionConfig, SlotConverter>();

/**
 * The converter of an app's configuration (one per process and configuration: its slots are shared):
 * LibreOffice, or with CONVERSION_ENGINE=test (refused in production) the test stand-in, behind the slots.
 */
export function converterFor(config: ConversionConfig, log?: { warn: (msg: string) => void }): SlotConverter {
  let c = converters.get(config);
  if (!c) {
    const engine = config.engine === 'test' ? new StandInConverter() : new Converter(config, log);
    c = new SlotConverter(engine, config);
    converters.set(config, c);
  }
  return c;
}

/**
 * Tests and benches: the configuration's converter uses `engine` (a controllable fake) behind the same
 * slots, and `memory` for the slot rule. Answers that converter.
 */
export function useConversionEngine(
  config: ConversionConfig,
  engine: DocumentConverter,
  memory?: () => MemoryReading,
): SlotConverter {
  const c = new SlotConverter(engine, config, memory);
  converters.set(config, c);
  return c;
}
