// Writes the table of contents of docs/decisions.md (between its TOC markers) from its `## ` sections.
// Run after adding a section: node scripts/decisions-toc.mjs. apps/server/test/docs-toc.test.ts checks it.
import { readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('../docs/decisions.md', import.meta.url);
export const START = '<!-- toc -->';
export const END = '<!-- /toc -->';

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

export function tocOf(text) {
  const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1].trim());
  return [START, ...headings.map((h) => `- [${h}](#${anchorOf(h)})`), END].join('\n');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const text = readFileSync(FILE, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`docs/decisions.md has no ${START} ... ${END} block`);
  writeFileSync(FILE, text.slice(0, start) + tocOf(text) + text.slice(end + END.length));
}
