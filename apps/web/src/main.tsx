import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { showBootFailure } from './boot-failure';

/**
 * The entry is only the styles and this: the app (boot.tsx and all it imports, fetched meanwhile through
 * the page's modulepreload links) starts after the next paint, so that index.html's splash shows at once
 * instead of after the whole app has been evaluated (issue #12 item 8). A hidden tab paints nothing, hence
 * the timer as well. Should the app's files fail to load, the page says so and offers to try again.
 */
let started = false;
function start() {
  if (started) return;
  started = true;
  import('./boot').catch(showBootFailure);
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 200);
