import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs `fn` on a PostgreSQL database of its own, made on the server of `url` and dropped afterwards (also
 * when `fn` throws), so a benchmark never touches data it did not make. `fn` gets the new database's URL.
 */
export async function withScratchDatabase<T>(
  url: string,
  fn: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `sinetti_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    return await fn(u.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
