import { describe, expect, it } from 'vitest';
import {
  api,
  buildPath,
  ERROR_CODES,
  GRANTABLE_PERMISSION_IDS,
  PERMISSIONS,
  WIZARD_INVITE_PATTERN,
} from './index.ts';

describe('permissions', () => {
  it('has ids 1 to 26 with the seven group markers never grantable', () => {
    expect(PERMISSIONS.map((p) => p.id)).toEqual(Array.from({ length: 26 }, (_, i) => i + 1));
    expect(PERMISSIONS.filter((p) => p.group).map((p) => p.id)).toEqual([1, 7, 10, 13, 17, 21, 24]);
    expect(GRANTABLE_PERMISSION_IDS).toHaveLength(19);
  });
});

describe('endpoints', () => {
  const all = Object.values(api).flatMap((area) => Object.values(area));
  it('have unique ids and unique method+path pairs', () => {
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(new Set(all.map((e) => `${e.method} ${e.path}`)).size).toBe(all.length);
  });
  it('declare a params schema for every path parameter', () => {
    for (const e of all) {
      if (/:\w/.test(e.path)) expect(e.params, e.id).toBeDefined();
    }
  });
});

describe('buildPath', () => {
  it('fills parameters and drops empty optional segments', () => {
    expect(buildPath('/documents/list/:parent?', {})).toBe('/documents/list');
    expect(buildPath('/documents/list/:parent?', { parent: 'a b' })).toBe('/documents/list/a%20b');
    expect(() => buildPath('/x/:id', {})).toThrow();
  });
});

describe('errors', () => {
  it('map every code to a 4xx or 5xx status', () => {
    for (const status of Object.values(ERROR_CODES)) expect(status).toBeGreaterThanOrEqual(400);
  });
});

describe('wizard invite pattern (SPEC §5)', () => {
  it.each(['a@b.fi', 'first.last@example.com', 'a-b@sub.example.org'])('accepts %s', (v) => {
    expect(WIZARD_INVITE_PATTERN.test(v)).toBe(true);
  });
  it.each(['plain', 'a@b', 'a@b.info', '@b.fi', 'a@.fi'])('rejects %s', (v) => {
    expect(WIZARD_INVITE_PATTERN.test(v)).toBe(false);
  });
});
