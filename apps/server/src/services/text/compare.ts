import type { TextChange } from '@sinetti/contract';
import { diffLines, diffWordsWithSpace } from 'diff';

/** Past this many changed lines (or words inside one changed stretch) the texts are too different to show. */
const MAX_EDIT_LINES = 4000;
const MAX_EDIT_WORDS = 4000;
/** Unchanged text kept on either side of a change; longer unchanged stretches are left out between. */
export const CONTEXT_CHARS = 300;

/**
 * Compares two versions' texts (issue 13 item 3): lines first, then the words inside each replaced
 * stretch of lines, so that one changed word in a paragraph shows as that word. Null when the texts
 * differ too much to be shown usefully (and to be computed within bounds). Runs in the PDF worker pool.
 */
export function compareTexts(from: string, to: string): TextChange[] | null {
  const lines = diffLines(from, to, { maxEditLength: MAX_EDIT_LINES });
  if (!lines) return null;
  const pieces: TextChange[] = [];
  for (let i = 0; i < lines.length; i++) {
    const change = lines[i];
    if (!change) continue;
    const next = lines[i + 1];
    if (change.removed && next?.added) {
      const words = diffWordsWithSpace(change.value, next.value, { maxEditLength: MAX_EDIT_WORDS });
      if (!words) return null;
      for (const w of words)
        pieces.push({ op: w.added ? 'added' : w.removed ? 'removed' : 'same', text: w.value });
      i++;
    } else {
      pieces.push({ op: change.added ? 'added' : change.removed ? 'removed' : 'same', text: change.value });
    }
  }
  return withContext(merged(pieces));
}

/** Adjacent pieces of the same kind as one. */
function merged(pieces: TextChange[]): TextChange[] {
  const out: TextChange[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (last && last.op === p.op) last.text += p.text;
    else if (p.text) out.push({ ...p });
  }
  return out;
}

/** Long unchanged stretches shortened to their context around changes, the rest `skipped`. */
function withContext(pieces: TextChange[]): TextChange[] {
  const out: TextChange[] = [];
  pieces.forEach((p, i) => {
    const head = i === 0 ? 0 : CONTEXT_CHARS;
    const tail = i === pieces.length - 1 ? 0 : CONTEXT_CHARS;
    if (p.op !== 'same' || p.text.length <= head + tail + CONTEXT_CHARS) {
      out.push(p);
      return;
    }
    if (head) out.push({ op: 'same', text: p.text.slice(0, head) });
    out.push({ op: 'skipped', text: '', length: p.text.length - head - tail });
    if (tail) out.push({ op: 'same', text: p.text.slice(p.text.length - tail) });
  });
  return out;
}
