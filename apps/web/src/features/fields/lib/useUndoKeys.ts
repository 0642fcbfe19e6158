import { useEffect } from 'react';

/** Inputs where a key types a character: there Ctrl+Z is the input's own undo. */
const TYPED = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TYPED.has(target.type) && !target.readOnly;
}

/** Undo or redo by a key press: Ctrl/Cmd+Z undoes; Ctrl/Cmd+Shift+Z and Ctrl+Y redo. Null for other keys. */
export function undoKeyOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) {
  if (event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return null;
}

/**
 * The editor's undo and redo keys, anywhere in the page while `enabled`, except while typing in a text
 * input (the label), which keeps its own undo.
 */
export function useUndoKeys(enabled: boolean, undo: () => void, redo: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = undoKeyOf(event);
      if (!action || event.defaultPrevented || typingIn(event.target)) return;
      event.preventDefault();
      if (action === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, undo, redo]);
}
