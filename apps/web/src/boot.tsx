// The app itself, started by main.tsx once the splash has painted. Its styles come with it (not with
// index.html), so that they do not hold up the splash.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { i18nReady } from './lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { captureInviteFromUrl } from './lib/pending-invite';
import { installErrorReporting } from './lib/error-reporting';

// Uncaught errors are reported to the server (SPEC §8); failed calls report themselves (lib/api.ts).
installErrorReporting();

// An e-mailed invitation link (`/?invite=<token>`) is kept for after sign-in and taken off the address.
captureInviteFromUrl();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The first render waits for the language's texts (one small chunk), so no key ever flashes. Should
// they fail to load, the app still renders (i18next then shows keys) rather than a blank page.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
i18nReady.then(render, render);
