import { useEffect, useRef } from 'react';

/**
 * Embedded signing (issue #34 item 3; docs/integration.md "Embedded signing"). When a public signing page
 * is framed by a page of one of its organization's embedding origins (the server's `embedOrigins`), it
 * tells that page what happened with `postMessage`, addressed to that origin only (never `*`): a parent of
 * any other origin gets nothing.
 */
export type EmbedEventType = 'sinetti:signed' | 'sinetti:declined' | 'sinetti:closed';
export interface EmbedEvent {
  type: EmbedEventType;
  documentId?: string;
}

/** The framing page's origin once it was found allowed, for the later pages of the same frame. */
const PARENT_KEY = 'sinetti:embed-parent';

function remembered(win: Window): string | null {
  try {
    return win.sessionStorage.getItem(PARENT_KEY);
  } catch {
    return null;
  }
}

/**
 * The origin of the page framing this one, or null when not framed. Chromium names it
 * (`location.ancestorOrigins`); elsewhere the referrer does on the first page of the frame, and the pages
 * after it (whose referrer is this app) use the origin remembered then.
 */
export function parentOrigin(win: Window = window): string | null {
  if (win.parent === win) return null;
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor) return ancestor;
  try {
    const referrer = win.document.referrer ? new URL(win.document.referrer).origin : null;
    if (referrer && referrer !== win.location.origin && referrer !== 'null') return referrer;
  } catch {
    // An unreadable referrer: fall back to the remembered origin.
  }
  return remembered(win);
}

/** The framing page's origin when it is one of `allowed`, else null. */
export function embeddingParent(allowed: readonly string[] | undefined, win: Window = window): string | null {
  const origin = parentOrigin(win);
  if (!origin || !allowed?.includes(origin)) return null;
  try {
    win.sessionStorage.setItem(PARENT_KEY, origin);
  } catch {
    // Storage refused (a partitioned or private frame): the next page asks the browser again.
  }
  return origin;
}

/** Posts `type` to an allowed framing page; true when posted. */
export function postEmbedEvent(
  type: EmbedEventType,
  allowed: readonly string[] | undefined,
  documentId?: string,
  win: Window = window,
): boolean {
  const target = embeddingParent(allowed, win);
  if (!target) return false;
  const event: EmbedEvent = documentId ? { type, documentId } : { type };
  win.parent.postMessage(event, target);
  return true;
}

/** Posts `type` once, when `when` first turns true (a page showing that signing was declined or closed). */
export function useEmbedEvent(
  type: EmbedEventType,
  when: boolean,
  allowed: readonly string[] | undefined,
  documentId?: string,
): void {
  const posted = useRef(false);
  useEffect(() => {
    if (!when || posted.current) return;
    posted.current = postEmbedEvent(type, allowed, documentId);
  }, [type, when, allowed, documentId]);
}
