// The public root, started by main.tsx for a `root: 'public'` page once the splash has painted. Its
// styles come with it (not with index.html), so that they do not hold up the splash.
import './styles';
import { i18nReady, loadTexts } from '../../lib/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setPublicRoute } from '../../lib/api';
import { earlyCallsSettled } from '../../lib/early-fetch';
import { installErrorReporting } from '../../lib/error-reporting';
import { setClientPaths } from '../../lib/page-navigation';
import { PUBLIC_ROOT_TEXTS, publicRouteOf } from '../route-table';
import { preloadPage, PublicApp } from './PublicApp';

installErrorReporting();
// Every call of these pages is public; the pages between which it navigates are its own.
setPublicRoute(true);
setClientPaths((pathname) => publicRouteOf(pathname) !== null);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/** How long the first render waits for the page's early call (lib/early-fetch.ts) before it shows a loader. */
const EARLY_WAIT_MS = 3000;

// A transition: React renders the page in short slices instead of one long task, so the phone stays
// responsive while it renders (Lighthouse's total blocking time).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <PublicApp />
      </StrictMode>,
    ),
  );
// The first render waits for the texts, the page's code (fetched meanwhile through the page's
// modulepreload links) and its early call's answer, so that neither a key nor a loader flashes and the
// page renders once, with its data; it renders anyway if any of them fails.
const page = publicRouteOf(window.location.pathname)?.route.page;
Promise.all([
  i18nReady,
  loadTexts(PUBLIC_ROOT_TEXTS),
  page ? preloadPage(page) : null,
  earlyCallsSettled(EARLY_WAIT_MS),
]).then(render, render);
