import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** docs/decisions.md opens with a table of contents of its sections; this keeps it in step (issue #31 item 16). */
const text = readFileSync(new URL('../../../docs/decisions.md', import.meta.url), 'utf8');
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('docs/decisions.md', () => {
  it('lists every ## section in its table of contents, in order, each linking to its anchor', () => {
    const toc = /<!-- toc -->\n([\s\S]*?)<!-- \/toc -->/.exec(text)?.[1];
    expect(toc, 'the <!-- toc --> block').toBeDefined();
    const listed = toc!.trim().split('\n');
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    expect(sections.length).toBeGreaterThan(10);
    // If this fails: node scripts/decisions-toc.mjs
    expect(listed).toEqual(sections.map((h) => `- [${h}](#${anchorOf(h)})`));
  });
});
