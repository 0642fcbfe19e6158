import type { TestPerson } from '../test-persons.ts';
import type { TestQtsp } from './qtsp.ts';
import type { TestCscStore } from './store.ts';

/** What the TEST CSC service's routes share. */
export interface TestCscContext {
  /** The one client: Sinetti itself. */
  clientId: string;
  /** The one redirect URI the client may use: Sinetti's signing return page. */
  redirectUri: string;
  /** The OAuth 2.0 server's URL (`oauth2` of `info`). */
  oauth2Url: string;
  paths: { authorize: string; login: string; confirm: string; token: string; api: string };
  store: TestCscStore;
  qtsp: () => Promise<TestQtsp>;
  persons: readonly TestPerson[];
}
