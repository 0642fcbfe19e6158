import { useEffect, useRef, type RefObject } from 'react';

/**
 * Gives focus back to the element that had it when the dialog appeared (the control that opened
 * it) once the dialog closes (WCAG 2.4.3). The modal host mounts a dialog already open, so
 * Mantine's own return, which notes the element only on a closed-to-open change, never fires.
 * Focus that the closing action moved somewhere on purpose is left alone.
 */
export function useReturnFocus(opened: boolean, dialog: RefObject<HTMLElement | null>): void {
  const opener = useRef<HTMLElement | null>(null);
  if (opener.current === null && typeof document !== 'undefined') {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }

  useEffect(() => {
    if (opened) return;
    const target = opener.current;
    const content = dialog.current;
    const lost = () => {
      const active = document.activeElement;
      return !active || active === document.body || Boolean(content?.contains(active));
    };
    // After Mantine's own focus handling of the closing dialog.
    const timer = setTimeout(() => {
      if (target?.isConnected && lost()) target.focus({ preventScroll: true });
    }, 20);
    return () => clearTimeout(timer);
  }, [opened, dialog]);
}
