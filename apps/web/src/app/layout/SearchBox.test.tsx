import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/utils';
import { SearchBox, searchPathFor } from './SearchBox';

function renderSearch() {
  const router = createMemoryRouter(
    // The box lives in the app header, above the routes it navigates between.
    [
      {
        path: '/',
        element: (
          <>
            <SearchBox />
            <Outlet />
          </>
        ),
        children: [{ path: 'search/:text', element: null }],
      },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { router, input: screen.getByPlaceholderText('Search') };
}

describe('search box (SPEC §2.5)', () => {
  it('says why it does not search 3 characters and keeps them in the box', async () => {
    const { router, input } = renderSearch();
    await userEvent.type(input, 'abc{Enter}');
    expect(router.state.location.pathname).toBe('/');
    expect(input).toHaveValue('abc');
    expect(screen.getByText('Type at least 4 characters to search.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, 'd');
    expect(screen.queryByText('Type at least 4 characters to search.')).not.toBeInTheDocument();
  });

  it('does not search 3 characters surrounded by spaces', () => {
    const { router, input } = renderSearch();
    fireEvent.change(input, { target: { value: '  abc   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Type at least 4 characters to search.')).toBeInTheDocument();
  });

  it('goes to /search/{text} for 4 characters and keeps the text to refine', async () => {
    const { router, input } = renderSearch();
    fireEvent.change(input, { target: { value: ' sopimus ä/b ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run search' }));
    expect(router.state.location.pathname).toBe(`/search/${encodeURIComponent('sopimus ä/b')}`);
    expect(await screen.findByPlaceholderText('Search')).toHaveValue(' sopimus ä/b ');
  });

  it('runs on Enter', async () => {
    const { router, input } = renderSearch();
    await userEvent.type(input, 'abcd{Enter}');
    expect(router.state.location.pathname).toBe('/search/abcd');
    expect(input).toHaveValue('abcd');
    expect(screen.queryByText('Type at least 4 characters to search.')).not.toBeInTheDocument();
  });

  it('encodes the text for the path', () => {
    expect(searchPathFor('a b?c')).toBe('/search/a%20b%3Fc');
    expect(searchPathFor('abc')).toBeNull();
  });
});
