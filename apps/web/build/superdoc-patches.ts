// Three fixes to SuperDoc 1.46.3's DOCX converter, applied to its code as the build reads it (docs/decisions.md,
// "The browser DOCX editor on SuperDoc 1.46.3"). Without them a save without edits changed files that 2.x kept
// (the fidelity corpus: 25 of 28 kept instead of 28):
// - endnotes: the converter reads `w:endnoteReference` into the document but its export table has no entry
//   for it (footnotes have one), so a save dropped every endnote mark from the text;
// - pictures: their size is read into whole CSS pixels and written back from them, so every picture not sized in
//   whole pixels came back up to half a pixel larger or smaller (LibreOffice then draws it scaled anew);
// - styles: when a document lacks a style id SuperDoc relies on (Normal, Title, Heading1…) it adds its own, even
//   when the document has a style of that name under another id (LibreOffice's older files call Normal
//   "style0"): two styles named Normal, and LibreOffice then set the text in its default font.
// Each fix names the exact code it replaces: when SuperDoc's code differs (another version) the build fails
// here instead of shipping an editor that loses content silently. Both are in the AGPL-3.0 code we ship, and
// this file is the statement of what we changed.
import type { Plugin } from 'vite';

interface Fix {
  why: string;
  apply(code: string): string | null;
}

/** The endnote reference's export translator, added beside the footnote reference's. */
const endnotes: Fix = {
  why: 'export w:endnoteReference (the export table lacks it)',
  apply(code) {
    const translator =
      /var (XML_NODE_NAME\$\d+) = "w:endnoteReference";[\s\S]*?xmlName: \1,[\s\S]*?const (translator\$\d+) = NodeTranslator\.from\(config\$\d+\);/.exec(
        code,
      )?.[2];
    const entry = /\n(\t+)footnoteReference: (translator\$\d+),\n/g;
    const entries = [...code.matchAll(entry)];
    if (!translator || entries.length !== 1 || code.includes('endnoteReference: translator')) return null;
    return code.replace(
      entry,
      (line, indent: string) => `${line}${indent}endnoteReference: ${translator},\n`,
    );
  },
};

/** A picture's size read in exact (fractional) pixels, so that it is written back to the same EMU. */
const pictureSize: Fix = {
  why: "keep a picture's size exact (not rounded to whole pixels)",
  apply(code) {
    const read =
      '\t\twidth: emuToPixels(extent?.attributes?.cx),\n\t\theight: emuToPixels(extent?.attributes?.cy)\n';
    if (code.split(read).length !== 2) return null;
    const exact = (axis: string) =>
      `extent?.attributes?.${axis} == null ? void 0 : parseFloat(extent.attributes.${axis}) * 96 / 914400`;
    return code.replace(read, `\t\twidth: ${exact('cx')},\n\t\theight: ${exact('cy')}\n`);
  },
};

/** A default style is added only when the document has no style of that name (under another id). */
const defaultStyles: Fix = {
  why: 'add a default style only when no style has its name',
  apply(code) {
    const test = '\t\tif (!elements.some((el) => el.attributes?.["w:styleId"] === styleId)) {\n';
    const start = code.indexOf('function addDefaultStylesIfMissing(styles) {');
    const at = code.indexOf(test, start);
    if (start < 0 || at < 0 || at - start > 400 || code.split(test).length !== 2) return null;
    const named =
      '(el) => el.elements?.find((c) => c.name === "w:name")?.attributes?.["w:val"]?.toLowerCase()';
    return code.replace(
      test,
      `\t\tconst nameOf = ${named};\n` +
        '\t\tconst name = nameOf(DEFAULT_LINKED_STYLES[styleId]);\n' +
        '\t\tif (!elements.some((el) => el.attributes?.["w:styleId"] === styleId || (name && nameOf(el) === name))) {\n',
    );
  },
};

const FIXES = [endnotes, pictureSize, defaultStyles];

/** The module of SuperDoc's ES build that holds the converter. */
export const CONVERTER_MODULE = /[\\/]superdoc[\\/]dist[\\/]chunks[\\/]SuperConverter-[\w-]+\.es\.js$/;

/** SuperDoc's converter with the fixes applied; throws when one of them does not fit the code. */
export function patchConverter(code: string): string {
  return FIXES.reduce((patched, fix) => {
    const next = fix.apply(patched);
    if (next === null) {
      throw new Error(
        `SuperDoc's converter is not the code this fix was written for (${fix.why}): see apps/web/build/superdoc-patches.ts`,
      );
    }
    return next;
  }, code);
}

/**
 * Vite plugin: applies patchConverter() to SuperDoc's converter module when building (the web app and the
 * fidelity harness). Not in the dev server, which serves dependencies pre-bundled by Vite's optimizer.
 */
export function superdocPatches(): Plugin {
  let patched = 0;
  return {
    name: 'sinetti-superdoc-patches',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      patched = 0;
    },
    transform(code, id) {
      if (!CONVERTER_MODULE.test(id.split('?')[0] ?? id)) return null;
      patched += 1;
      return { code: patchConverter(code), map: null };
    },
    buildEnd(error) {
      // A bundle with SuperDoc but without its converter patched would be a silent regression.
      if (!error && patched === 0) {
        for (const id of this.getModuleIds()) {
          if (/[\\/]superdoc[\\/]dist[\\/]/.test(id)) {
            this.error('SuperDoc is bundled but its converter was not patched (superdoc-patches.ts)');
          }
        }
      }
    },
  };
}
