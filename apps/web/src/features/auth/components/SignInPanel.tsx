import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { completeSignIn } from '../api/complete-sign-in';
import { systemConfigQuery } from '../../../lib/system-config';
import { renderSignIn } from '../standalone/signin-view';

/**
 * The sign-in and sign-up pages inside the app (a visit after signing out, or a guard's redirect): the
 * same view that a signed-out visitor's first load gets without the app (../standalone), here with the
 * app's language, cache and navigation.
 */
export function SignInPanel({ variant }: { variant: 'signIn' | 'signUp' }) {
  const root = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { search } = useLocation();

  useEffect(() => {
    if (!root.current) return;
    // The view redraws at once; the app's texts follow when their chunk has loaded.
    let language = currentLanguage();
    return renderSignIn(root.current, {
      variant,
      search,
      language: () => language,
      setLanguage: (next) => {
        language = next;
        void changeLanguage(next);
      },
      finish: async (reply) => navigate(await completeSignIn(reply, queryClient), { replace: true }),
      follow: (href) => navigate(href),
      loadConfig: () => queryClient.fetchQuery(systemConfigQuery),
    });
  }, [variant, search, navigate, queryClient]);

  return <div ref={root} />;
}
