import { describe, expect, it } from 'vitest';
import { prepareContractModule } from './contract-endpoints';

describe('the web build view of a contract module', () => {
  const source = [
    "const text = z.string().min(1, { error: 'ä😀' });",
    'export const area = {',
    "  one: endpoint({ id: 'a.one', method: 'POST', path: '/a', access: 'public', summary: 's',",
    '    params: z.object({ id: text }), body: z.object({ q: text }), reply: okReply({}) }),',
    '};',
    'export function later() { return z.number(); }',
  ].join('\n');
  const out = prepareContractModule(source);

  it('keeps what the API client reads and leaves the schemas and the summary out', () => {
    expect(out).toContain(
      "endpoint({ id: 'a.one', method: 'POST', path: '/a', access: 'public', summary: undefined,",
    );
    expect(out).toContain('params: undefined, body: true, reply: undefined })');
    expect(out).not.toContain('z.object');
  });

  it('marks the calls made at load pure, not those inside functions', () => {
    expect(out).toContain(
      "const text = /* @__PURE__ */ /* @__PURE__ */ z.string().min(1, { error: 'ä😀' });",
    );
    expect(out).toContain('one: /* @__PURE__ */ endpoint(');
    expect(out).toContain('export function later() { return z.number(); }');
  });
});
