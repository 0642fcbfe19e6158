/**
 * What the rows of the authorization matrix (authorization-matrix.test.ts) are made of: the objects a request
 * is about, how an endpoint is reached, and small builders of requests.
 */
import type { InjectOptions } from 'fastify';
import type { TestUser } from './helper.ts';
import type { SigningTestApp } from './signing-helper.ts';

/** The objects a request is about: one organization's, or hidden from the caller by the document's roles. */
export interface Objects {
  organizationId: string;
  folder: string;
  contract: string;
  template: string;
  signee: string;
  role: string;
  /** A member of the organization who holds no role of the matrix (role assignments act on them). */
  member: string;
  /** A bulk send of the template (issue #33 item 4). */
  bulkSend: string;
}
export type Req = Omit<InjectOptions, 'headers'> & {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** Only for bodies that are not JSON (the session headers are the matrix's). */
  headers?: { 'content-type': string; 'if-match'?: string };
};

/**
 * How an endpoint is reached:
 * - `public`: no session needed; every caller, signed in or not, gets `ok`.
 * - `account`: any valid session (even of no organization); none → 401.
 * - `member`: any member of the organization in `company-id`, no permission needed.
 * - `scope`: organization-wide with a permission (lists, search, counts): `grants`.
 * - `object`: about one object of an organization: `grants`; another organization's or hidden → 404.
 * - `owner`: only the organization's owner (billing).
 */
export type Kind = 'public' | 'account' | 'member' | 'scope' | 'object' | 'owner';

export interface Row {
  kind: Kind;
  /** Permission sets, any one of which lets a member through (each set: all of its permissions). */
  grants?: number[][];
  /** The status of an allowed call on the fixture (a state rule may answer 409 after authorization). */
  ok?: number;
  request(o: Objects): Req;
  /**
   * An `object` row whose action, past the object checks (another organization's → 404), only the owner does
   * on the fixture's objects: every other caller `grants` lets through is 403 (retrying a bulk send).
   */
  ownerOnly?: boolean;
  /** What the request names: a document (hidden by the document's roles) or anything else (default). */
  subject?: 'document' | 'other';
  /** For calls that change what they act on: a fresh object for each allowed call. */
  fresh?(o: Objects, f: Fixture): Promise<Partial<Objects>>;
}

export const json = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Req => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});
export const one = (p: number) => [[p]];

/** What a row's fresh() builds with: the app and the organization owner. */
export interface Fixture {
  t: SigningTestApp;
  owner: TestUser;
}
