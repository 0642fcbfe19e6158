import { useRouteError } from 'react-router';
import { PageFailure } from './PageFailure';

/** The app's error element: a page that failed to load or render. */
export function RouteError() {
  return <PageFailure error={useRouteError()} />;
}
