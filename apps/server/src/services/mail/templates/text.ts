import type { Block, MailContent } from './content.ts';

function block(b: Block): string {
  switch (b.kind) {
    case 'paragraph':
      return b.text;
    case 'quote':
      return `${b.label}\n${b.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`.trimEnd())
        .join('\n')}`;
    case 'code':
      return `    ${b.text}`;
    case 'action':
    case 'link':
      // The address on a line of its own: mail programs make it clickable, and nothing wraps it.
      return `${b.label}:\n${b.url}`;
  }
}

/** The plain-text part: paragraphs separated by blank lines, links written out, a signature-style footer. */
export function renderText(content: MailContent): string {
  return `${content.blocks.map(block).join('\n\n')}\n\n-- \n${content.footer}\n`;
}
