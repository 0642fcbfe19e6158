import { describe, expect, it } from 'vitest';
import { resources } from './index';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
    it(`${ns}: Finnish has every English text and no extra ones`, () => {
      expect(keys(resources.fi[ns]).sort()).toEqual(keys(resources.en[ns]).sort());
    });
    it(`${ns}: no text is empty`, () => {
      const flat = (o: unknown): string[] =>
        typeof o === 'string' ? [o] : Object.values(o as object).flatMap((v) => flat(v));
      expect(flat(resources.en[ns]).filter((s) => s.trim() === '')).toEqual([]);
      expect(flat(resources.fi[ns]).filter((s) => s.trim() === '')).toEqual([]);
    });
  }
});

/** Every Finnish text with the English text of the same key. */
function pairs(): { key: string; en: string; fi: string }[] {
  const out: { key: string; en: string; fi: string }[] = [];
  const walk = (en: unknown, fi: unknown, key: string) => {
    if (typeof en === 'string' && typeof fi === 'string') out.push({ key, en, fi });
    else if (typeof en === 'object' && en && typeof fi === 'object' && fi) {
      for (const k of Object.keys(en)) walk((en as never)[k], (fi as never)[k], key ? `${key}.${k}` : k);
    }
  };
  walk(resources.en, resources.fi, '');
  return out;
}

describe('Finnish terms are consistent (issue #12 item 11)', () => {
  const all = pairs();
  const DOWNLOAD = /\b(lataa|ladata|ladattu|ladattavaksi|lataus|latauksen)\b/i;
  const UPLOAD = /\b(tuo|tuoda|tuotava|tuotavaksi|tuodaan|tuotiin|tuonti|tuomasi)\b/i;

  it('says "tuoda" for upload, never the download word "ladata"', () => {
    const uploads = all.filter(({ en }) => /\bupload/i.test(en));
    expect(uploads.length).toBeGreaterThan(5);
    expect(uploads.filter(({ fi }) => DOWNLOAD.test(fi) || !UPLOAD.test(fi)).map((p) => p.key)).toEqual([]);
  });

  it('says "ladata" for download, never the upload word "tuoda"', () => {
    // Another program's Import command keeps its own name (Acrobat's "Tuo").
    const downloads = all.filter(({ en }) => /\bdownload/i.test(en) && !/\bimport\b/i.test(en));
    expect(downloads.length).toBeGreaterThan(3);
    expect(downloads.filter(({ fi }) => UPLOAD.test(fi)).map((p) => p.key)).toEqual([]);
  });

  it('gives each document state one name', () => {
    const fi = resources.fi;
    for (const state of ['draft', 'signing', 'signed', 'archived'] as const) {
      expect(fi.documents.dashboard.card[state], state).toBe(fi.documents.states[state]);
    }
    expect(fi.common.filters.signing).toBe(fi.documents.states.signing);
  });
});
