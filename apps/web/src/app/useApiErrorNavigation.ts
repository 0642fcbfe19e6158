import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { onApiError, type ApiError } from '../lib/api';
import { endLocalSession } from '../lib/sign-out';
import { sessionStore } from '../lib/session';
import { resolveSetupPath } from './guards';

interface Context {
  navigate: NavigateFunction;
  queryClient: QueryClient;
  pathname: string;
}

/** What the app does with an error reply, whoever made the call (SPEC §8). */
export function handleApiError(error: ApiError, { navigate, queryClient, pathname }: Context): void {
  switch (error.code) {
    case 'UNAUTHORIZED_ACCESS':
      sessionStore.expire();
      void navigate('/session-expired', { replace: true });
      break;
    case 'SESSION_INVALID':
      endLocalSession(queryClient);
      void navigate('/signin', { replace: true });
      break;
    case 'SETUP_REQUIRED':
      sessionStore.setStatus('SETUP_REQUIRED');
      if (!pathname.startsWith('/setup/')) {
        void resolveSetupPath(queryClient).then((path) => navigate(path, { replace: true }));
      }
      break;
    case 'UNAUTHORIZED_GOOGLE':
      void navigate('/google-unauthorized', { replace: true });
      break;
    default:
      break;
  }
}

/** Subscribes once, at the root route, to every API error reply. */
export function useApiErrorNavigation(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const off = onApiError((error) =>
      handleApiError(error, { navigate, queryClient, pathname: pathnameRef.current }),
    );
    return () => {
      off();
    };
  }, [navigate, queryClient]);
}
