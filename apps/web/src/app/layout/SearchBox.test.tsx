import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/utils';
import { SearchBox, searchPathFor } from './SearchBox';

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/search/:text', element: <SearchBox /> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, input: screen.getByPlaceholderText('Search') };
}

describe('search box (SPEC §2.5)', () => {
  it('does nothing for 3 characters', async () => {
    const { router, input } = renderSearch();
    await userEvent.type(input, 'abc{Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(input).toHaveValue('abc');
  });

  it('does nothing for 3 characters surrounded by spaces', () => {
    const { router, input } = renderSearch();
    fireEvent.change(input, { target: { value: '  abc   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to /search/{text} for 4 characters and clears the box', async () => {
    const { router, input } = renderSearch();
    fireEvent.change(input, { target: { value: ' sopimus ä/b ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect(router.state.location.pathname).toBe(`/search/${encodeURIComponent('sopimus ä/b')}`);
    expect(await screen.findByPlaceholderText('Search')).toHaveValue('');
  });

  it('runs on Enter', async () => {
    const { router, input } = renderSearch();
    await userEvent.type(input, 'abcd{Enter}');
    expect(router.state.location.pathname).toBe('/search/abcd');
    expect(input).toHaveValue('');
  });

  it('encodes the text for the path', () => {
    expect(searchPathFor('a b?c')).toBe('/search/a%20b%3Fc');
    expect(searchPathFor('abc')).toBeNull();
  });
});
