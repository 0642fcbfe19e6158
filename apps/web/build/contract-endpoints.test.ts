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
      "endpoint({ id: 'a.one', method: 'POST', path: '/a', access: 'public', body: true })",
    );
    expect(out).not.toContain('z.object');
    expect(out).not.toContain('okReply');
  });

  it('removes the dropped keys with their commas wherever they stand, and keeps those asked for', () => {
    const code =
      "endpoint({ reply: r, id: 'x', summary: 's', query: q, method: 'GET', params: p, reply2: r2 })";
    expect(prepareContractModule(code)).toBe(
      "/* @__PURE__ */ endpoint({ id: 'x', method: 'GET', reply2: r2 })",
    );
    expect(prepareContractModule("endpoint({ id: 'y', summary: 's', reply: r })", new Set(['reply']))).toBe(
      "/* @__PURE__ */ endpoint({ id: 'y', reply: r })",
    );
    expect(prepareContractModule("endpoint({ id: 'z', summary: 's', reply })")).toBe(
      "/* @__PURE__ */ endpoint({ id: 'z' })",
    );
    expect(prepareContractModule('endpoint({ summary, reply: okReply({}) })')).toBe(
      '/* @__PURE__ */ endpoint({  })',
    );
  });

  it('marks the calls made at load pure, not those inside functions', () => {
    expect(out).toContain(
      "const text = /* @__PURE__ */ /* @__PURE__ */ z.string().min(1, { error: 'ä😀' });",
    );
    expect(out).toContain('one: /* @__PURE__ */ endpoint(');
    expect(out).toContain('export function later() { return z.number(); }');
  });
});
