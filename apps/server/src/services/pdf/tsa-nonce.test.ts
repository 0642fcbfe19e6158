import { describe, expect, it } from 'vitest';
import { sameInteger } from './tsa.ts';

describe('time-stamp nonce comparison', () => {
  it('treats a redundant leading zero byte as the same INTEGER', () => {
    expect(sameInteger(Buffer.from([0x00, 0x12, 0x34]), Buffer.from([0x12, 0x34]))).toBe(true);
    expect(sameInteger(Buffer.from([0x00, 0x92]), Buffer.from([0x00, 0x92]))).toBe(true);
    expect(sameInteger(Buffer.from([0x12, 0x34]), Buffer.from([0x12, 0x35]))).toBe(false);
  });
});
