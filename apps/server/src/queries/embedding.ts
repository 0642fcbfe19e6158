import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { documents, organizations } from '../db/schema/index.ts';
import { findByLink, findBySessionToken } from './signing/links.ts';

/** The origins allowed to frame an organization's public signing pages (issue #34 item 3). */
export async function embedOriginsOf(db: DbOrTx, organizationId: string): Promise<string[]> {
  const [row] = await db
    .select({ origins: organizations.embedOrigins })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row?.origins ?? [];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The organization whose signing page a path of the public root is, found by the token or document id in
 * the path: `/public/sign/:token`, `/public/signed/:token` (the signee's link), `/public/session/:token`
 * (a signing session) and `/public/signing/:result/:document` (where the page goes after signing or
 * declining). Null for every other path and for an unknown token.
 */
export async function signingPageOrganization(db: DbOrTx, pathname: string): Promise<string | null> {
  const link = /^\/public\/(?:sign|signed)\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (link) return (await findByLink(db, decodeURIComponent(link)))?.process.organizationId ?? null;
  const session = /^\/public\/session\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (session) {
    return (await findBySessionToken(db, decodeURIComponent(session)))?.process.organizationId ?? null;
  }
  const document = /^\/public\/signing\/[a-z-]+\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (document && UUID.test(document)) {
    const [row] = await db
      .select({ organizationId: documents.organizationId })
      .from(documents)
      .where(eq(documents.id, document))
      .limit(1);
    return row?.organizationId ?? null;
  }
  return null;
}

/** The origins allowed to frame the page at `pathname` (empty: only the app itself may). */
export async function embedOriginsForPage(db: DbOrTx, pathname: string): Promise<string[]> {
  const organizationId = await signingPageOrganization(db, pathname);
  return organizationId ? embedOriginsOf(db, organizationId) : [];
}
