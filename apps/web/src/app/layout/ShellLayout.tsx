import { lazy, memo, Suspense, useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { useModalEntries } from '../../components/modals/store';
import { usePainted } from '../../lib/usePainted';
import { Header } from './Header';
import { GuideHost } from '../../features/tour/GuideHost';
import { useTourControl } from '../../features/tour/control';
import { MAIN_CONTENT_ID } from './SkipLink';

// The frame's two large parts render again only for their own changes, not for the layout's (the
// navigation drawer opening, the tour holding it open, a dialog): each is about 100 components.
const FrameHeader = memo(Header);
const FrameNavigation = memo(lazy(async () => ({ default: (await import('./Navigation')).Navigation })));

/** Header, navigation and page for signed-in pages (SPEC §2.5); the navigation folds away on small screens. */
export function ShellLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const closeNav = nav.close;
  const tour = useTourControl();
  // The navigation (about a hundred components) is fetched and rendered after the page's first paint,
  // as a transition in slices: rendered with the page, it made one long task of the first load (issue
  // #12 item 8). Its box is there from the start, so nothing moves when it fills.
  const painted = usePainted();

  // On small screens the navigation closes once a link in it was followed, or a dialog opened from it
  // (the drawer would otherwise stay over the page behind the dialog).
  const modalOpen = useModalEntries().some((entry) => entry.opened);
  useEffect(() => {
    closeNav();
  }, [pathname, closeNav]);
  useEffect(() => {
    if (modalOpen) closeNav();
  }, [modalOpen, closeNav]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !(navOpened || tour.navigation) } }}
      padding="lg"
    >
      <AppShell.Header>
        <FrameHeader navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        {painted && (
          <Suspense fallback={null}>
            <FrameNavigation />
          </Suspense>
        )}
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
      <GuideHost />
    </AppShell>
  );
}
