import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicPageProps } from '../route-table';
import '../../lib/i18n';
import { reportUncaught } from '../../lib/error-reporting';
import { linkTo, pageLoads, setClientPaths } from '../../lib/page-navigation';
import { publicRouteOf } from '../route-table';
import { PublicApp } from './PublicApp';

vi.mock('../../lib/error-reporting', () => ({ reportUncaught: vi.fn() }));
// Stand-ins for the page modules: the root's own behaviour is under test here.
vi.mock('./pages', () => {
  const Start = ({ params }: PublicPageProps) => (
    <>
      <h1>{`Start ${params.signee}`}</h1>
      <a {...linkTo(`/public/signed/${params.signee}`)}>Download</a>
    </>
  );
  const Complete = ({ params }: PublicPageProps) => <h1>{`Complete ${params.signee}`}</h1>;
  const Broken = () => {
    throw new Error('render failed');
  };
  const module = (page: unknown) => () => Promise.resolve({ default: page });
  return {
    PUBLIC_PAGES: new Map([
      ['SigningStart', module(Start)],
      ['SigningComplete', module(Complete)],
      ['SharedDocument', module(Broken)],
    ]),
  };
});

beforeEach(() => {
  window.scrollTo = vi.fn();
  setClientPaths((pathname) => publicRouteOf(pathname) !== null);
});
afterEach(() => {
  setClientPaths(() => false);
  vi.restoreAllMocks();
});

const open = (path: string) => {
  window.history.replaceState(null, '', path);
  return render(<PublicApp />);
};

describe('the public root', () => {
  it('shows the page of the address, with its parameters, as the main content after a skip link', async () => {
    open('/public/sign/abc');
    expect(await screen.findByRole('heading', { name: 'Start abc' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading'));
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
  });

  it('links to the open-source licences in a footer after the page', async () => {
    open('/public/sign/abc');
    await screen.findByRole('heading', { name: 'Start abc' });
    const footer = screen.getByRole('contentinfo');
    expect(screen.getByRole('main')).not.toContainElement(footer);
    expect(within(footer).getByRole('link', { name: 'Open-source licences' })).toHaveAttribute(
      'href',
      '/third-party-notices.txt',
    );
  });

  it('moves to another of its pages in the page, and back with the browser', async () => {
    const assign = vi.spyOn(pageLoads, 'assign').mockImplementation(() => undefined);
    open('/public/sign/abc');
    fireEvent.click(await screen.findByRole('link', { name: 'Download' }));
    expect(await screen.findByRole('heading', { name: 'Complete abc' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/public/signed/abc');
    window.history.back();
    expect(await screen.findByRole('heading', { name: 'Start abc' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends an address it does not show to the app’s not-found page', () => {
    const replace = vi.spyOn(pageLoads, 'replace').mockImplementation(() => undefined);
    open('/public/elsewhere/abc');
    expect(replace).toHaveBeenCalledWith(`${window.location.origin}/page-not-found`);
  });

  it('shows the failure page, and reports, when a page fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open('/public/share/t');
    expect(await screen.findByRole('button', { name: 'Reload page' })).toBeInTheDocument();
    // The failure page reports from an effect, which may run after the button is on screen.
    await waitFor(() =>
      expect(reportUncaught).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' })),
    );
    // The failure is that page's: the browser's back button leads to a page that renders.
    window.history.pushState(null, '', '/public/sign/abc');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('heading', { name: 'Start abc' })).toBeInTheDocument();
  });
});
