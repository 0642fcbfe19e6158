import { flowOfLevel, type SigningMethodId } from '@sinetti/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { methodName } from '../../queries/signing/methods.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { presentIdentification, type SessionIdentity } from './identity.ts';
import { signingSessions } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import { appendSigningEvent } from './audit-chain.ts';
import { fullNameOf, readAll, signeeActor, toLevel, type ClientInfo } from './common.ts';
import { requesterName } from './people.ts';
import { liveSession } from './session-live.ts';
import { signeeFields, signingFieldsOf } from './fields.ts';
import { embedOriginsOf } from '../../queries/embedding.ts';

/** What the built-in signing page shows. */
export async function sessionView(ctx: AppContext, providers: SigningProviders, token: string) {
  const { session, signee, process, document } = await liveSession(ctx, token);
  const organizationName = await requesterName(ctx.db, process);
  const embedOrigins = await embedOriginsOf(ctx.db, process.organizationId);
  const identity = session.identifiedAt ? (session.identity as SessionIdentity | null) : null;
  const placed = await signeeFields(ctx.db, process.documentId, signee.id);
  // The name that will be written: the eID-verified one once identified, else the one the sender entered.
  const fields = signingFieldsOf(placed, {
    name: identity?.person.name ?? fullNameOf(signee),
    signedAt: ctx.clock.now(),
    lang: signee.language,
  });
  return {
    document: { id: document.id, name: document.name, pages: process.pages, sha256: process.versionSha256 },
    signee: {
      fullName: fullNameOf(signee),
      email: signee.email,
      level: toLevel(signee.level),
      method: signee.method as SigningMethodId,
      methodName: await methodName(ctx.db, ctx.config.publicUrl, signee.method),
      methodTest: providers.method(signee.method)?.test ?? false,
    },
    flow: flowOfLevel(signee.level),
    identification:
      identity && session.identifiedAt ? presentIdentification(identity, session.identifiedAt) : null,
    lang: session.lang,
    expiresAt: session.expiresAt.toISOString(),
    codeSentAt: session.codeSentAt?.toISOString() ?? null,
    codeExpiresAt: session.codeExpiresAt?.toISOString() ?? null,
    codeVerified: session.codeVerifiedAt !== null,
    signed: signee.status === 'signed',
    ...(organizationName ? { organizationName } : {}),
    ...(embedOrigins.length > 0 ? { embedOrigins } : {}),
    ...(fields.length > 0 ? { fields } : {}),
  };
}

/**
 * The version to be signed, for the signing page's viewer. The first fetch in a session is recorded
 * ('viewed'); signing needs it.
 */
export async function sessionPdf(
  ctx: AppContext,
  token: string,
  client: ClientInfo,
): Promise<{ bytes: Buffer; name: string }> {
  const { session, signee, process, document } = await liveSession(ctx, token);
  const bytes = await readAll(ctx.blobs, process.versionKey);
  if (!session.viewedAt) {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const first = await tx
        .update(signingSessions)
        .set({ viewedAt: now })
        .where(and(eq(signingSessions.id, session.id), isNull(signingSessions.viewedAt)))
        .returning({ id: signingSessions.id });
      if (first.length === 0) return;
      await appendSigningEvent(tx, {
        organizationId: process.organizationId,
        documentId: process.documentId,
        processId: process.id,
        signeeId: signee.id,
        type: 'viewed',
        at: now,
        actor: signeeActor(signee, client),
        data: { sha256: process.versionSha256, pages: process.pages },
      });
    });
  }
  return { bytes, name: `${document.name.replace(/\.pdf$/i, '')}.pdf` };
}
