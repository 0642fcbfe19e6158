import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { LicencesLink } from '../../components/LicencesLink';
import { PageLoader } from '../../components/PageLoader';
import { navigate, useCurrentPath } from '../../lib/page-navigation';
import { MAIN_CONTENT_ID, SkipLink } from '../layout/SkipLink';
import { PageFailure } from '../PageFailure';
import { createQueryClient } from '../queryClient';
import { publicRouteOf } from '../route-table';
import { cssVariablesResolver, theme } from '../theme';
import { PUBLIC_PAGES, type PublicPage } from './pages';

/** Page components already loaded (the first one by public-boot.tsx, before the first render), by page name. */
const loaded = new Map<string, PublicPage>();
const lazyPages = new Map<string, PublicPage>();

/** Loads a page's module ahead of rendering it, so that its first render does not suspend. */
export async function preloadPage(page: string): Promise<void> {
  const load = PUBLIC_PAGES.get(page);
  if (load) loaded.set(page, (await load()).default);
}

function pageComponent(page: string): PublicPage | null {
  const ready = loaded.get(page);
  if (ready) return ready;
  const load = PUBLIC_PAGES.get(page);
  if (!load) return null;
  let component = lazyPages.get(page);
  if (!component) {
    component = lazy(load);
    lazyPages.set(page, component);
  }
  return component;
}

/** The page at the current address; an address it does not know goes to the app's not-found page. */
function CurrentPage() {
  const path = useCurrentPath();
  const pathname = path.split('?')[0] ?? '/';
  const match = publicRouteOf(pathname);
  const Page = match ? pageComponent(match.route.page) : null;
  useEffect(() => {
    if (!Page) navigate('/page-not-found', { replace: true });
  }, [Page]);
  if (!match || !Page) return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Page key={pathname} params={match.params} />
    </Suspense>
  );
}

/**
 * A page that throws while rendering shows the failure page (the app's routes have RouteError); keyed by
 * the page's path, it is over once the reader moves to another page.
 */
class PageBoundary extends Component<{ children: ReactNode }, { failure: { error: unknown } | null }> {
  override state: { failure: { error: unknown } | null } = { failure: null };
  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }
  override render() {
    return this.state.failure ? <PageFailure error={this.state.failure.error} /> : this.props.children;
  }
}

/**
 * The public root (issue #12 item 8): the signing pages a signee opens from an e-mail (route table
 * `root: 'public'`), with the app's theme, query client, skip link and failure page, but without React
 * Router, the modal host, toasts or anything of the signed-in app. Between its own pages it navigates with
 * the History API (lib/page-navigation.ts); any other address is a page load.
 */
export function PublicApp() {
  const [queryClient] = useState(createQueryClient);
  const pathname = useCurrentPath().split('?')[0];
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <SkipLink />
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <PageBoundary key={pathname}>
            <CurrentPage />
          </PageBoundary>
        </main>
        <footer style={{ padding: 'var(--mantine-spacing-md)', textAlign: 'center' }}>
          <LicencesLink />
        </footer>
      </QueryClientProvider>
    </MantineProvider>
  );
}
