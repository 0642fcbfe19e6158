import { describe, expect, it } from 'vitest';
import { isTransactionConflict, retryTransactionOnce } from '../src/db/retry.ts';
import { infrastructureError } from '../src/lib/faults.ts';

// #31 item 9: a deadlock or serialization failure is run once more, and never answers 500.

/** As Drizzle reports a driver error: the PostgreSQL error in `cause`. */
function pgError(code: string): Error {
  return new Error('Failed query: …', { cause: Object.assign(new Error('deadlock detected'), { code }) });
}

describe('retryTransactionOnce', () => {
  it('runs a transaction that lost to a deadlock or a serialization failure once more', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const result = await retryTransactionOnce(async () => {
        runs++;
        if (runs === 1) throw pgError(code);
        return 'done';
      });
      expect({ code, runs, result }).toEqual({ code, runs: 2, result: 'done' });
    }
  });

  it('throws the second failure as it is, and any other error at once', async () => {
    let runs = 0;
    const twice = retryTransactionOnce(async () => {
      runs++;
      throw pgError('40P01');
    });
    await expect(twice).rejects.toSatisfy(isTransactionConflict);
    expect(runs).toBe(2);

    runs = 0;
    const other = retryTransactionOnce(async () => {
      runs++;
      throw pgError('23505');
    });
    await expect(other).rejects.toThrow('Failed query');
    expect(runs).toBe(1);
  });
});

describe('the answer when the retry failed too', () => {
  it('is 503 UNAVAILABLE with reason TRANSACTION_CONFLICT and Retry-After, not 500', () => {
    const answer = infrastructureError(pgError('40P01'));
    expect(answer).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE', reason: 'TRANSACTION_CONFLICT' });
    expect(answer?.headers).toEqual({ 'retry-after': '1' });
    expect(infrastructureError(pgError('40001'))?.reason).toBe('TRANSACTION_CONFLICT');
    expect(infrastructureError(pgError('23505'))).toBeNull();
  });
});
