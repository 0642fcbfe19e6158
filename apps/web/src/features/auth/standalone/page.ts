import { installErrorReporting } from '../../../lib/error-reporting';
import { initialLanguage, saveLanguage, takeQueryLanguage } from '../../../lib/language';
import { appPathOrHome } from '../../../lib/path-param';
import { sessionStore } from '../../../lib/session';
import { renderSignIn } from './signin-view';

/**
 * /signin and /signup for a signed-out visitor, started by main.tsx instead of the app: the page's own
 * view with the language kept in the browser. Signing in leaves for the identity provider and comes back
 * to the app (/redirect); a sign-in answered at once (a session in the reply) opens the app where it was
 * asked to go, and the app's guards take it from there (the setup wizard, for a new account).
 */
export function startSignInPage(pathname: string): void {
  installErrorReporting();
  let language = initialLanguage();
  takeQueryLanguage();
  saveLanguage(language);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  renderSignIn(root, {
    variant: pathname.startsWith('/signup') ? 'signUp' : 'signIn',
    search: window.location.search,
    language: () => language,
    setLanguage(next) {
      language = next;
      saveLanguage(next);
    },
    async finish(reply) {
      if (!reply.session) throw new Error('The sign-in reply carried no session.');
      sessionStore.signIn(reply.session);
      window.location.assign(appPathOrHome(reply.redirect));
    },
  });
}
