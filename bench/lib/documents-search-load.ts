// Issue #32 items 2, 3 and 6, for bench/documents.bench.ts: search by a rare word and by a word in 10 % of
// the documents, for the owner and for a member who sees 10 % of them (req/s and server CPU per request
// against /api/health in a closed loop of 50 connections), a mixed load of every dashboard call at once with
// its count of 503s, and each search's latency at a fixed rate while the other dashboard calls run at half
// the rate the mixed load reached.
import os from 'node:os';
import pg from 'pg';
import { measuredCpu } from './cpu.ts';
import { formatResult, load, loadAtRate, type LoadRequest } from './load.ts';
import { formatRunQueue } from './run-queue.ts';
import { loadAtRateUnderLoad } from './under-load.ts';

export interface SearchLoadInput {
  base: string;
  owner: Record<string, string>;
  member: Record<string, string>;
  serverPid: number;
  databaseUrl: string | undefined;
  rareWord: string;
  commonWord: string;
  folderId: string;
}

/** Each search's arrival rate in the latency-under-load measurement. */
const SEARCH_RATE = 20;
/** The background's share of the rate each dashboard call reached in the saturated mixed load. */
const BACKGROUND_SHARE = 0.5;
const UNDER_LOAD_SECONDS = 10;

export async function searchAndMixedLoad(input: SearchLoadInput): Promise<void> {
  const { base } = input;
  const client = input.databaseUrl ? new pg.Client({ connectionString: input.databaseUrl }) : null;
  await client?.connect();
  try {
    const search = (headers: Record<string, string>, text: string, query = ''): LoadRequest => ({
      url: `${base}/api/documents/search${query}`,
      headers,
      json: { text },
    });
    const health = await measuredCpu(input.serverPid, client, () => load({ url: `${base}/api/health` }));
    console.log(`${formatResult('GET /api/health', health.result)}   CPU ${health.cpuMs.toFixed(2)} ms/req`);
    const rows: [string, LoadRequest][] = [
      [`search rare "${input.rareWord}" (owner)`, search(input.owner, input.rareWord)],
      [`search common "${input.commonWord}" (owner)`, search(input.owner, input.commonWord)],
      [`search rare "${input.rareWord}" (member)`, search(input.member, input.rareWord)],
      [`search common "${input.commonWord}" (member)`, search(input.member, input.commonWord)],
    ];
    let worstP99 = 0;
    for (const [name, req] of rows) {
      const found = (await (
        await fetch(req.url, {
          method: 'POST',
          headers: { ...req.headers, 'content-type': 'application/json' },
          body: JSON.stringify(req.json),
        })
      ).json()) as { documents?: unknown[] };
      const r = await measuredCpu(input.serverPid, client, () => load(req));
      worstP99 = Math.max(worstP99, r.result.p99);
      console.log(
        `${formatResult(`${name} [${found.documents?.length ?? 0}]`, r.result)}   ` +
          `${(r.result.rps / health.result.rps).toFixed(2)} × health req/s, CPU ${r.cpuMs.toFixed(2)} ms/req`,
      );
    }

    // Every dashboard call at once: 50 connections shared between them.
    const mixed: [string, LoadRequest][] = [
      ['health', { url: `${base}/api/health` }],
      ['folder list', { url: `${base}/api/documents/list/${input.folderId}`, headers: input.owner }],
      ['stats', { url: `${base}/api/documents/stats`, headers: input.owner }],
      ['recent 8', search(input.owner, '', '?orderBy=updated&orderValue=DESC&limit=8')],
      ['search common (owner)', search(input.owner, input.commonWord)],
      ['search rare (member)', search(input.member, input.rareWord)],
      ['member stats', { url: `${base}/api/documents/stats`, headers: input.member }],
      ['member recent 8', search(input.member, '', '?orderBy=updated&orderValue=DESC&limit=8')],
      ['search common (member)', search(input.member, input.commonWord)],
      ['member folder list', { url: `${base}/api/documents/list`, headers: input.member }],
    ];
    const connections = Math.floor(50 / mixed.length);
    const results = await Promise.all(mixed.map(([, req]) => load(req, { connections, seconds: 10 })));
    let unavailable = 0;
    let errors = 0;
    console.log(`mixed load: ${mixed.length} dashboard calls at once, ${connections} connections each, 10 s`);
    mixed.forEach(([name], i) => {
      const r = results[i];
      if (!r) return;
      unavailable += r.unavailable;
      errors += r.errors;
      console.log(`  ${formatResult(name, r)}   503s ${r.unavailable}`);
    });
    // Latency under load: each search at a fixed rate while the dashboard's other calls run at half the
    // rate each reached in the mixed closed loop above (the server about half busy), every latency counted
    // from when its request was due (bench/lib/load.ts loadAtRate). The background is sent by a process of its
    // own (bench/lib/under-load.ts), so that this one's event loop only times the searches; its delay and
    // the machine's load average are printed with the figures.
    const background = mixed
      .map(([name, req], i) => ({ name, req, rate: (results[i]?.rps ?? 0) * BACKGROUND_SHARE }))
      .filter((b) => b.name !== 'health' && b.rate >= 1);
    const backgroundRate = background.reduce((sum, b) => sum + b.rate, 0);
    console.log(
      `latency under load: each search at ${SEARCH_RATE} req/s for ${UNDER_LOAD_SECONDS} s while the dashboard's ` +
        `other calls run at ${BACKGROUND_SHARE} × their mixed-load rate (${backgroundRate.toFixed(0)} req/s in all), ` +
        `sent by a process of its own`,
    );
    let worstUnderLoad = 0;
    let worstLoopDelay = 0;
    const underLoad = async (name: string, req: LoadRequest) => {
      const {
        result: r,
        background: b,
        loopDelayP99,
        server,
      } = await loadAtRateUnderLoad(req, {
        rate: SEARCH_RATE,
        requests: background,
        seconds: UNDER_LOAD_SECONDS,
        warmupSeconds: 1,
        serverPid: input.serverPid,
      });
      worstLoopDelay = Math.max(worstLoopDelay, loopDelayP99);
      const sent = b.results.reduce((sum, x) => sum + x.rps, 0);
      const failed = b.results.reduce((sum, x) => sum + x.errors, 0);
      console.log(
        `  ${formatResult(name, r)}   503s ${r.unavailable}   loop delay p99 ${loopDelayP99.toFixed(1)} ms   ` +
          `background ${sent.toFixed(0)} req/s, p99 ≤ ${Math.max(...b.results.map((x) => x.p99)).toFixed(1)} ms, ` +
          `errors ${failed}, its loop delay p99 ${b.loopDelayP99.toFixed(1)} ms` +
          (server ? `\n    ${formatRunQueue(server)}` : ''),
      );
      return r;
    };
    for (const [name, req] of rows) {
      worstUnderLoad = Math.max(worstUnderLoad, (await underLoad(name, req)).p99);
    }
    // The floor this machine sets: the cheapest call (health, its probe on a connection of its own) at the same rate beside
    // the same calls; and each search at that rate alone, without them.
    await underLoad('health (reference)', { url: `${base}/api/health` });
    console.log(
      `  this process's event-loop delay p99 ≤ ${worstLoopDelay.toFixed(1)} ms; load average ` +
        `${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${os.availableParallelism()} cores`,
    );
    console.log(`the same searches at ${SEARCH_RATE} req/s alone, nothing else sent:`);
    for (const [name, req] of rows) {
      const r = await loadAtRate(req, { rate: SEARCH_RATE, seconds: UNDER_LOAD_SECONDS });
      console.log(`  ${formatResult(name, r)}   503s ${r.unavailable}`);
    }
    console.log(
      `goals: search p99 ≤ 25 ms (rare and common, owner and member) under load: worst ${worstUnderLoad.toFixed(1)} ms ` +
        `(in a saturated closed loop of 50 connections: ${worstP99.toFixed(1)} ms); ` +
        `mixed load 0 × 503: ${unavailable} (errors ${errors})`,
    );
  } finally {
    await client?.end();
  }
}
