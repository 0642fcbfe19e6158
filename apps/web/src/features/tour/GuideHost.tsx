import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, GUIDE_FETCH_DELAY_MS, type GuideProgress } from '@sinetti/contract';
import { modalStore } from '../../components/modals';
import { call } from '../../lib/api';
import { useAccount } from '../../lib/account';
import { usePermissions } from '../../lib/permissions';
import { systemConfigQuery } from '../../lib/system-config';
import { furthest, localProgress, saveProgress } from './progress';

// The tour's popups load only for an account that has not finished or skipped it.
const DashboardTour = lazy(() => import('./DashboardTour').then((m) => ({ default: m.DashboardTour })));

/** Where the dashboard tour runs (SPEC §2.1: the dashboard is /). */
const DASHBOARD = '/';

/** Whether a dialog is open or still closing (its exit animation). */
const anyModal = () => modalStore.get().length > 0;

/**
 * The tour never covers a dialog (issue #31 item 1: its overlay swallowed clicks on the invitations'
 * Accept and Decline): it waits while any modal is open and shows, at the step reached, once none is.
 */
function useModalOpen(): boolean {
  return useSyncExternalStore(modalStore.subscribe, anyModal, anyModal);
}

/**
 * The guided dashboard tour's host (SPEC §2.8): for a signed-in account, the guide's state is fetched
 * 1 s after the page loads and 1 s after each route change; the tour shows on the dashboard until it is
 * done or skipped, unless the operator switched it off. Progress is the furthest of this browser's (local storage) and the server's, so a
 * skip saved in one place is never undone by the other; a complete kept only locally is sent again.
 */
export function GuideHost() {
  const { pathname } = useLocation();
  const signedIn = useAccount().data?.account.id ?? null;
  // The operator may switch the tour off for the instance (GUIDED_TOUR=false).
  const offered = useQuery(systemConfigQuery).data?.tour === true;
  const accountId = offered ? signedIn : null;
  const [progress, setProgress] = useState<GuideProgress | null>(null);
  // The tour's steps depend on them (no Create steps without documents create): asked from the start, so
  // that the tour never counts its steps before they are known ("Step 1 of 3", then "of 8").
  const permissionsPending = usePermissions().isPending;
  const modalOpen = useModalOpen();

  useEffect(() => {
    if (!accountId) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      call(api.guides.states, { signal: controller.signal })
        .then((reply) => {
          const here = localProgress(accountId, 'dashboard');
          const merged = furthest(here, reply.guides.progress.dashboard);
          if (merged.complete && !reply.guides.progress.dashboard.complete) {
            void saveProgress(accountId, 'dashboard', merged);
          }
          setProgress(merged);
        })
        .catch(() => undefined);
    }, GUIDE_FETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [accountId, pathname]);

  if (!accountId || !progress || permissionsPending || modalOpen || pathname !== DASHBOARD) return null;
  // What this browser saved since the last fetch (next, skip, done) counts at once, on a return too.
  const shown = furthest(progress, localProgress(accountId, 'dashboard'));
  if (shown.complete) return null;
  return (
    <Suspense fallback={null}>
      <DashboardTour
        accountId={accountId}
        initialStep={shown.step}
        onFinish={() => setProgress({ ...shown, complete: true })}
      />
    </Suspense>
  );
}
