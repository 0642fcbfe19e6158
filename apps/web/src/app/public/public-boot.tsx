// The public root, started by main.tsx for a `root: 'public'` page once the splash has painted. Its
// styles come with it (not with index.html), so that they do not hold up the splash.
import './styles';
import { i18nReady, loadTexts } from '../../lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setPublicRoute } from '../../lib/api';
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

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <PublicApp />
    </StrictMode>,
  );
// The first render waits for the texts and the page's code (fetched meanwhile through the page's
// modulepreload links), so neither a key nor a loader flashes; it renders anyway if they fail.
const page = publicRouteOf(window.location.pathname)?.route.page;
Promise.all([i18nReady, loadTexts(PUBLIC_ROOT_TEXTS), page ? preloadPage(page) : null]).then(render, render);
