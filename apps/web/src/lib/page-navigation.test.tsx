import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  linkTo,
  navigate,
  pageLoads,
  setClientPaths,
  useCurrentPath,
  useSearchParam,
} from './page-navigation';

beforeEach(() => {
  window.history.replaceState(null, '', '/public/sign/a?lang=fi');
  setClientPaths((pathname) => pathname.startsWith('/public/'));
});
afterEach(() => {
  setClientPaths(() => false);
  vi.restoreAllMocks();
});

describe('navigation of the public root', () => {
  it('moves between its own pages in the page, and the hooks follow', () => {
    window.scrollTo = vi.fn();
    const assign = vi.spyOn(pageLoads, 'assign').mockImplementation(() => undefined);
    const { result } = renderHook(() => ({ path: useCurrentPath(), lang: useSearchParam('lang') }));
    expect(result.current).toEqual({ path: '/public/sign/a?lang=fi', lang: 'fi' });
    act(() => navigate('/public/signed/a'));
    expect(result.current).toEqual({ path: '/public/signed/a', lang: null });
    expect(window.history.length).toBeGreaterThan(1);
    act(() => navigate('/public/signing/success/d', { replace: true }));
    expect(window.location.pathname).toBe('/public/signing/success/d');
    expect(assign).not.toHaveBeenCalled();
  });

  it('follows the browser’s back button', () => {
    const { result } = renderHook(() => useCurrentPath());
    act(() => {
      window.history.pushState(null, '', '/public/session/s');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(result.current).toBe('/public/session/s');
  });

  it('loads any other page: the app, another site', () => {
    const assign = vi.spyOn(pageLoads, 'assign').mockImplementation(() => undefined);
    const replace = vi.spyOn(pageLoads, 'replace').mockImplementation(() => undefined);
    navigate('/verify');
    navigate('https://example.com/x');
    navigate('/page-not-found', { replace: true });
    expect(assign.mock.calls).toEqual([[`${window.location.origin}/verify`], ['https://example.com/x']]);
    expect(replace).toHaveBeenCalledWith(`${window.location.origin}/page-not-found`);
    expect(window.location.pathname).toBe('/public/sign/a');
  });

  it('links: a plain click stays in the page, a click with a modifier is the browser’s', () => {
    window.scrollTo = vi.fn();
    render(<a {...linkTo('/public/signed/a')}>Download</a>);
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', '/public/signed/a');
    fireEvent.click(link, { ctrlKey: true });
    expect(window.location.pathname).toBe('/public/sign/a');
    fireEvent.click(link);
    expect(window.location.pathname).toBe('/public/signed/a');
  });
});
