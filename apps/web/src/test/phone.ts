import { screen, within } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Makes every `(max-width: …)` media query match, as on a 390 px phone (undo with vi.unstubAllGlobals or
 * vi.restoreAllMocks).
 */
export function mockPhoneWidth(width = 390): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)(em|px)/.exec(query);
    const limit = max ? Number(max[1]) * (max[2] === 'em' ? 16 : 1) : 0;
    return {
      matches: max !== null && width <= limit,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  });
}

/** The card (list item) that `matches` picks in the list named `list`: a ResponsiveTable on a phone. */
export async function phoneCard(list: string, matches: (card: HTMLElement) => boolean): Promise<HTMLElement> {
  const cards = await screen.findByRole('list', { name: list });
  const found = within(cards).getAllByRole('listitem').find(matches);
  if (!found) throw new Error(`No card of the list "${list}" is the one asked for.`);
  return found;
}
