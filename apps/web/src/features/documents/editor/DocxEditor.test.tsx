import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en/editor.json';
import fi from '../../../locales/fi/editor.json';
import { changeLanguage } from '../../../lib/i18n';
import { DocxEditor } from './DocxEditor';

const configs = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('superdoc/style.css', () => ({}));
vi.mock('superdoc', () => ({
  SuperDoc: class {
    constructor(config: Record<string, unknown>) {
      configs.push(config);
    }
    destroy() {}
  },
}));

afterEach(async () => {
  configs.length = 0;
  await changeLanguage('en');
});

/** The English texts SuperDoc's toolbar has built in (the object its toolbar merges ours over). */
function builtInToolbarTexts(): string[] {
  const chunks = path.resolve(import.meta.dirname, '../../../../node_modules/superdoc/dist/chunks');
  for (const name of fs.readdirSync(chunks).filter((f) => f.endsWith('.es.js'))) {
    const code = fs.readFileSync(path.join(chunks, name), 'utf8');
    const block = /\nconst toolbarTexts = \{\n([\s\S]*?)\n\};/.exec(code)?.[1];
    if (block) return [...block.matchAll(/^\t(\w+): "/gm)].map((m) => m[1] as string);
  }
  throw new Error(`no built-in toolbar texts in ${chunks}`);
}

function open() {
  render(
    <DocxEditor
      file={new Blob(['x'])}
      user={{ name: 'Olga Owner', email: 'olga@example.com' }}
      onReady={vi.fn()}
      onChange={vi.fn()}
      onFailure={vi.fn()}
    />,
  );
  expect(configs).toHaveLength(1);
  return configs[0] as { toolbarTexts: Record<string, string> };
}

describe("the DOCX editor's toolbar texts (issue #31 item 3)", () => {
  it('are Finnish in the Finnish editor: the mode label reads Muokkaus, not Editing', async () => {
    await changeLanguage('fi');
    const texts = open().toolbarTexts;
    expect(texts.documentEditingMode).toBe('Muokkaus');
    expect(texts.bold).toBe('Lihavointi');
    expect(Object.values(texts)).not.toContain('Editing');
  });

  it('are English in the English editor', () => {
    expect(open().toolbarTexts.documentEditingMode).toBe('Editing');
  });

  it("cover every text SuperDoc's toolbar has built in, in both languages", () => {
    const keys = builtInToolbarTexts();
    expect(keys).toContain('documentEditingMode');
    expect(Object.keys(en.toolbar).sort()).toEqual([...keys].sort());
    expect(Object.keys(fi.toolbar).sort()).toEqual([...keys].sort());
  });
});
