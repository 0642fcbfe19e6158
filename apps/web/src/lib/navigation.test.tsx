import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { decodePathParam } from './path-param';
import { linkWithBack, signInPathFor, useBackLink } from './navigation';

function BackButton() {
  const { backPath, goBack } = useBackLink();
  return <button onClick={goBack}>{`back:${backPath ?? 'none'}`}</button>;
}

function renderAt(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <BackButton /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('navigation helpers', () => {
  it('puts the previous path in a base64 back parameter', () => {
    const link = linkWithBack('/profile', '/documents/1?sort=name');
    const back = new URLSearchParams(link.split('?')[1]).get('back');
    expect(link.startsWith('/profile?back=')).toBe(true);
    expect(decodePathParam(back)).toBe('/documents/1?sort=name');
    expect(linkWithBack('/settings/users?x=1', '/')).toMatch(/^\/settings\/users\?x=1&back=/);
  });

  it('builds the sign-in path with the redirect target', () => {
    const path = signInPathFor('/search/ä ö?x=+');
    expect(decodePathParam(new URLSearchParams(path.split('?')[1]).get('redirect'))).toBe('/search/ä ö?x=+');
  });

  it('returns to the back path', () => {
    const router = renderAt([linkWithBack('/profile', '/documents/7')]);
    fireEvent.click(screen.getByText('back:/documents/7'));
    expect(router.state.location.pathname).toBe('/documents/7');
  });

  it('ignores a back path that is not an app path', () => {
    renderAt([`/profile?back=${encodeURIComponent(btoa('//evil.example'))}`]);
    expect(screen.getByText('back:none')).toBeInTheDocument();
  });
});
