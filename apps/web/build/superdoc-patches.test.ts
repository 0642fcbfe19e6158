import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONVERTER_MODULE, patchConverter } from './superdoc-patches';

/** The installed SuperDoc's converter module, as the build reads it. */
function installedConverter(): { file: string; code: string } {
  const chunks = path.resolve(import.meta.dirname, '../node_modules/superdoc/dist/chunks');
  const name = fs.readdirSync(chunks).find((f) => CONVERTER_MODULE.test(path.join(chunks, f)));
  if (!name) throw new Error(`no SuperConverter ES module in ${chunks}`);
  const file = path.join(chunks, name);
  return { file, code: fs.readFileSync(file, 'utf8') };
}

describe("the fixes to SuperDoc's converter", () => {
  it('fit the installed SuperDoc: endnotes exported, picture sizes exact, no second style of a name', () => {
    const { code } = installedConverter();
    const patched = patchConverter(code);
    const footnote =
      /\n\t+footnoteReference: (translator\$\d+),\n\t+endnoteReference: (translator\$\d+),\n/.exec(patched);
    expect(footnote?.[2]).toBeDefined();
    expect(footnote?.[2]).not.toBe(footnote?.[1]);
    // The endnote translator is the one whose xmlName is w:endnoteReference.
    expect(patched).toMatch(
      new RegExp(
        `"w:endnoteReference";[\\s\\S]*?const ${footnote?.[2]?.replace('$', '\\$')} = NodeTranslator`,
      ),
    );
    expect(patched).not.toContain('width: emuToPixels(extent?.attributes?.cx)');
    expect(patched).toContain('parseFloat(extent.attributes.cx) * 96 / 914400');
    expect(patched).toContain('el.attributes?.["w:styleId"] === styleId || (name && nameOf(el) === name)');
  });

  it('refuse code they were not written for, rather than ship a silent regression', () => {
    const { code } = installedConverter();
    expect(() => patchConverter(patchConverter(code))).toThrow(/not the code this fix was written for/);
    expect(() => patchConverter('export const nothing = 1;')).toThrow(/superdoc-patches\.ts/);
  });

  it("name SuperDoc's converter module and no other", () => {
    expect(CONVERTER_MODULE.test('/x/node_modules/superdoc/dist/chunks/SuperConverter-GIBkiQqP.es.js')).toBe(
      true,
    );
    expect(CONVERTER_MODULE.test('/x/node_modules/superdoc/dist/chunks/SuperConverter-BzNbDCL-.cjs')).toBe(
      false,
    );
    expect(CONVERTER_MODULE.test('/x/src/SuperConverter-1.es.js')).toBe(false);
  });
});
