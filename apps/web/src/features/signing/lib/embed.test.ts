import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddingParent, parentOrigin, postEmbedEvent } from './embed';

const ALLOWED = ['https://shop.example.com', 'http://localhost:5173'];

/** A framed window: its parent's postMessage is recorded; `ancestor` and `referrer` as the browser gives them. */
function framed(opts: { ancestor?: string; referrer?: string; top?: boolean } = {}) {
  const store = new Map<string, string>();
  const postMessage = vi.fn();
  const parent = { postMessage };
  const win = {
    location: {
      origin: 'https://sinetti.example.fi',
      ancestorOrigins: opts.ancestor ? [opts.ancestor] : undefined,
    },
    document: { referrer: opts.referrer ?? '' },
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
  } as unknown as Window & { parent: typeof parent };
  (win as { parent: unknown }).parent = opts.top ? win : parent;
  return { win, postMessage, store };
}

afterEach(() => vi.restoreAllMocks());

describe('embedded signing events (postMessage)', () => {
  it('posts to the allowed framing origin only, never to *', () => {
    const { win, postMessage } = framed({ ancestor: 'https://shop.example.com' });
    expect(postEmbedEvent('sinetti:signed', ALLOWED, 'doc-1', win)).toBe(true);
    expect(postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: 'sinetti:signed', documentId: 'doc-1' },
      'https://shop.example.com',
    );
  });

  it('posts nothing to a parent of another origin, or when the organization lists none', () => {
    const evil = framed({ ancestor: 'https://evil.example.com' });
    expect(postEmbedEvent('sinetti:signed', ALLOWED, 'doc-1', evil.win)).toBe(false);
    const none = framed({ ancestor: 'https://shop.example.com' });
    expect(postEmbedEvent('sinetti:declined', [], undefined, none.win)).toBe(false);
    expect(postEmbedEvent('sinetti:declined', undefined, undefined, none.win)).toBe(false);
    expect(evil.postMessage).not.toHaveBeenCalled();
    expect(none.postMessage).not.toHaveBeenCalled();
  });

  it('posts nothing when the page is not framed', () => {
    const { win, postMessage } = framed({ top: true, referrer: 'https://shop.example.com/' });
    expect(parentOrigin(win)).toBeNull();
    expect(postEmbedEvent('sinetti:closed', ALLOWED, undefined, win)).toBe(false);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('without ancestorOrigins uses the referrer, and on later pages of the frame the origin found allowed', () => {
    const first = framed({ referrer: 'http://localhost:5173/shop/checkout' });
    expect(embeddingParent(ALLOWED, first.win)).toBe('http://localhost:5173');
    expect(first.store.get('sinetti:embed-parent')).toBe('http://localhost:5173');
    // The next page's referrer is Sinetti itself: the remembered origin, still checked against the list.
    const later = framed({ referrer: 'https://sinetti.example.fi/public/sign/x' });
    later.store.set('sinetti:embed-parent', 'http://localhost:5173');
    expect(postEmbedEvent('sinetti:declined', ALLOWED, undefined, later.win)).toBe(true);
    expect(later.postMessage).toHaveBeenCalledWith({ type: 'sinetti:declined' }, 'http://localhost:5173');
    expect(postEmbedEvent('sinetti:declined', ['https://shop.example.com'], undefined, later.win)).toBe(
      false,
    );
  });

  it('a disallowed referrer is not remembered', () => {
    const { win, store } = framed({ referrer: 'https://evil.example.com/' });
    expect(embeddingParent(ALLOWED, win)).toBeNull();
    expect(store.size).toBe(0);
  });
});
