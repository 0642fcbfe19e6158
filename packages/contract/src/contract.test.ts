import { describe, expect, it } from 'vitest';
import {
  GUIDE_LAST_STEP,
  GUIDE_STEPS,
  api,
  buildPath,
  ERROR_CODES,
  GRANTABLE_PERMISSION_IDS,
  PERMISSION_GROUPS,
  PERMISSIONS,
  requiredName,
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

describe('guides (SPEC §2.8, §9)', () => {
  it('has 8 dashboard tour steps; the last step constant follows the list', () => {
    expect(GUIDE_STEPS).toHaveLength(8);
    expect(GUIDE_LAST_STEP).toBe(GUIDE_STEPS.length - 1);
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

describe('names and permission groups', () => {
  it('requiredName trims, normalizes and refuses text that hides or reorders what is shown', () => {
    const name = requiredName(10);
    expect(name.parse('  A\u0308b ')).toBe('\u00c4b');
    for (const bad of [
      '',
      ' ',
      'a\u0000',
      'a\nb',
      'a\u0085',
      'a\ud800',
      '\udc00b',
      'a\u202eb',
      'a\u2067b',
      'x'.repeat(11),
    ]) {
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(name.safeParse('👩‍💼 ok').success).toBe(true);
  });
  it('groups every grantable permission under its marker', () => {
    expect(PERMISSION_GROUPS.map((g) => g.marker)).toEqual([1, 7, 10, 13, 17, 21, 24]);
    expect(PERMISSION_GROUPS.flatMap((g) => g.members)).toEqual(GRANTABLE_PERMISSION_IDS);
    expect(PERMISSION_GROUPS[3]?.members).toEqual([14, 15, 16]);
  });
});
