import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

describe('zod without eval (the CSP has no unsafe-eval)', () => {
  it('public/zod-jitless.js, run before the app, keeps zod from calling Function', async () => {
    const script = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/zod-jitless.js'), 'utf8');
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    // A classic script before the module script: it runs before any schema of the app is built.
    expect(html.indexOf('<script defer src="/zod-jitless.js"></script>')).toBeGreaterThan(-1);
    expect(html.indexOf('/zod-jitless.js')).toBeLessThan(html.indexOf('type="module"'));
    (0, eval)(script);
    vi.resetModules();
    const original = globalThis.Function;
    let calls = 0;
    globalThis.Function = new Proxy(original, {
      apply(target, self, args) {
        calls += 1;
        return Reflect.apply(target, self, args);
      },
      construct(target, args) {
        calls += 1;
        return Reflect.construct(target, args);
      },
    });
    try {
      const { z } = await import('zod');
      const schema = z.object({ a: z.string(), b: z.number() });
      expect(schema.parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(calls).toBe(0);
  });
});
