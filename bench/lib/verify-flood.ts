// The anonymous flood of bench/noisy-verify.bench.ts, in a process of its own: `connections` loops post to
// POST /api/verify on 127.0.0.1:<port>, each request from a new address (X-Forwarded-For), half a 16 MiB
// body that starts like a PDF, half a legal 300,000-object PDF. Says 'flooding' once started; on 'stop' it
// answers with the count of each status and exits.
import http from 'node:http';

const MiB = 1024 * 1024;
const port = Number(process.argv[2]);
const connections = Number(process.argv[3] ?? 16);

/** A legal PDF of `count` small objects (the 300,000-object file, about 15 MB). */
function manyObjectsPdf(count: number): Buffer {
  const parts: string[] = ['%PDF-1.7\n'];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  const add = (s: string) => {
    parts.push(s);
    at += s.length;
  };
  offsets[1] = at;
  add('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n');
  offsets[2] = at;
  add('2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n');
  for (let n = 3; n < count; n++) {
    offsets[n] = at;
    add(`${n} 0 obj\n<< /N ${n} >>\nendobj\n`);
  }
  const xref = at;
  add(`xref\n0 ${count}\n0000000000 65535 f \n`);
  for (let n = 1; n < count; n++) add(`${String(offsets[n]).padStart(10, '0')} 00000 n \n`);
  add(`trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

const objects = manyObjectsPdf(300_000);
const junkChunk = Buffer.alloc(MiB, 0x20);
let nextAddress = 0;
const outcomes: Record<string, number> = {};
let stop = false;

/** One anonymous post from a new address; resolves with its status (or 'reset' when the server hung up). */
function postOnce(large: boolean): Promise<string> {
  const n = ++nextAddress;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const size = large ? 16 * MiB : objects.length;
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/verify',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/pdf', 'content-length': String(size), 'x-forwarded-for': ip },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('error', () => resolve('reset'));
    if (!large) return void req.end(objects);
    const write = async () => {
      req.write('%PDF-1.7\n');
      for (let sent = 0; sent < size - 9 && !req.destroyed; sent += junkChunk.length) {
        const piece = junkChunk.subarray(0, Math.min(junkChunk.length, size - 9 - sent));
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    };
    void write();
  });
}

async function flood(large: boolean): Promise<void> {
  while (!stop) {
    const outcome = await postOnce(large);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
}

const loops = Array.from({ length: connections }, (_, i) => flood(i % 2 === 0));
process.send?.('flooding');
process.on('message', () => {
  stop = true;
  void Promise.all(loops).then(() => {
    process.send?.(outcomes, () => process.exit(0));
  });
});
