import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders as render } from '../../../test/utils';
import { PdfPages } from './PdfPages';

// pdf.js itself is not run here (jsdom has no canvas): a document of three pages, A4 but for a Letter
// page 2, that records which pages are drawn.
const drawn: number[] = [];
/** A page pdf.js cannot read (0: none). */
let unreadable = 0;
vi.mock('./pdf', () => ({
  loadPdfJs: async () => ({
    getDocument: () => ({
      promise: Promise.resolve({
        numPages: 3,
        getPage: async (number: number) => {
          if (number === unreadable) throw new Error('unreadable page');
          return {
            getViewport: ({ scale }: { scale: number }) =>
              number === 2
                ? { width: 612 * scale, height: 792 * scale }
                : { width: 595 * scale, height: 842 * scale },
            render: () => {
              drawn.push(number);
              return { promise: Promise.resolve(), cancel: () => undefined };
            },
          };
        },
      }),
      destroy: async () => undefined,
    }),
  }),
}));

/** An IntersectionObserver the test moves: `show(element)` brings an observed element into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(target: Element) {
    this.targets.add(target);
  }
  disconnect() {
    this.targets.clear();
  }
  /** Whether a page has started watching `target`: its effect runs some time after the page is shown. */
  static watches(target: Element) {
    return FakeObserver.all.some((observer) => observer.targets.has(target));
  }
  static show(target: Element) {
    for (const observer of FakeObserver.all.filter((o) => o.targets.has(target))) {
      observer.callback(
        [{ target, isIntersecting: true } as IntersectionObserverEntry],
        observer as unknown as IntersectionObserver,
      );
    }
  }
}

afterEach(() => {
  // Unmounted before the observer stub goes: a page's effect would otherwise run without it.
  cleanup();
  drawn.length = 0;
  unreadable = 0;
  FakeObserver.all = [];
  vi.unstubAllGlobals();
});

const pdf = async () => new ArrayBuffer(8);
const canvas = (number: number) =>
  screen
    .getAllByRole('img')
    .find((element) => element.getAttribute('data-page') === String(number)) as Element;

describe('a PDF’s pages', () => {
  it('keep an A4 box for each page while the document loads, then say it was loaded', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const loaded = vi.fn();
    render(<PdfPages sourceKey="a" load={pdf} pages={3} onLoaded={loaded} />);
    expect(screen.getAllByTestId('pdf-page')).toHaveLength(3);
    await waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
    // The pages replace the boxes in a transition, which may commit just after the call.
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
  });

  it('each keep their own size from before any is drawn, so nothing moves as the reader scrolls', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<PdfPages sourceKey="a" load={pdf} pages={3} />);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    const ratios = screen.getAllByTestId('pdf-page').map((box) => (box as HTMLElement).style.aspectRatio);
    expect(ratios).toEqual([`1 / ${842 / 595}`, `1 / ${792 / 612}`, `1 / ${842 / 595}`]);
    expect(drawn).toEqual([]);
  });

  it('show the others when a later page cannot be read, its box the first page’s size', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    unreadable = 2;
    render(<PdfPages sourceKey="a" load={pdf} pages={3} />);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    const ratios = screen.getAllByTestId('pdf-page').map((box) => (box as HTMLElement).style.aspectRatio);
    expect(ratios).toEqual([`1 / ${842 / 595}`, `1 / ${842 / 595}`, `1 / ${842 / 595}`]);
  });

  it('are drawn as the reader comes near them, each once', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<PdfPages sourceKey="a" load={pdf} pages={3} />);
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    expect(drawn).toEqual([]);
    // The pages commit in a transition, whose effects (the observers) run in a later task.
    await waitFor(() => expect(FakeObserver.watches(canvas(1))).toBe(true));
    act(() => FakeObserver.show(canvas(1)));
    await waitFor(() => expect(canvas(1)).toHaveAttribute('data-rendered', 'true'));
    expect(drawn).toEqual([1]);
    await waitFor(() => expect(FakeObserver.watches(canvas(3))).toBe(true));
    act(() => FakeObserver.show(canvas(3)));
    await waitFor(() => expect(canvas(3)).toHaveAttribute('data-rendered', 'true'));
    act(() => FakeObserver.show(canvas(1)));
    expect(drawn).toEqual([1, 3]);
    expect(canvas(2)).not.toHaveAttribute('data-rendered');
  });

  it('are all drawn in a browser without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<PdfPages sourceKey="a" load={pdf} pages={3} />);
    await waitFor(() => expect(drawn.sort()).toEqual([1, 2, 3]));
  });

  it('carry each page’s overlay (the signee’s fields) in that page’s box', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(
      <PdfPages
        sourceKey="a"
        load={pdf}
        pages={3}
        overlay={(page) => <output>{`fields of ${page}`}</output>}
      />,
    );
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    const boxes = screen.getAllByTestId('pdf-page');
    expect(boxes.map((box) => box.querySelector('output')?.textContent)).toEqual([
      'fields of 1',
      'fields of 2',
      'fields of 3',
    ]);
  });

  it('say so when the document cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<PdfPages sourceKey="a" load={() => Promise.reject(new Error('gone'))} pages={1} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
