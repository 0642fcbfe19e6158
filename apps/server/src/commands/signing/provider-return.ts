import type { AppContext } from '../../http/context.ts';
import type { ProviderResponse } from '../../services/eid/types.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { signeeActor, type ClientInfo } from './common.ts';
import { providerOf, recordIdentity } from './identify.ts';
import { providerErrorOf, takeTrip, tripError } from './provider-trips.ts';
import { finishAtQtsp, prepareAtQtsp } from './qtsp-sign.ts';
import { liveSession } from './session-live.ts';
import type { SigningInput } from './sign.ts';

export type ReturnOutcome =
  { next: 'session' } | { next: 'provider'; redirectUrl: string } | { next: 'done'; redirect: string };

/**
 * The provider's answer as the signee's browser brought it back to /public/signing/return: the trip it
 * belongs to is taken once (this session's, unused, in time), then
 * - eid: the code is exchanged and the ID token checked; the identity is kept (back to the signing page);
 * - csc-service: the credential is read; the signature is prepared; on to the QTSP to authorize it;
 * - csc-credential: the QTSP signs; the signature goes into the PDF (done).
 * Failures are 409 (503 when the provider is down) with a reason; the session stays usable.
 */
export async function providerReturn(
  ctx: AppContext,
  providers: SigningProviders,
  sessionToken: string,
  response: ProviderResponse,
  client: ClientInfo,
): Promise<ReturnOutcome> {
  const target = await liveSession(ctx, sessionToken);
  const trip = await takeTrip(ctx.db, target.session.id, response, ctx.clock.now());
  const actor = signeeActor(target.signee, client);
  try {
    const refused = providerErrorOf(response);
    if (refused) throw refused;
    const checks = { state: response.state, codeVerifier: trip.codeVerifier, redirectUri: trip.redirectUri };
    if (trip.kind === 'eid') {
      const provider = providerOf(providers, 'oidc', target.signee.method);
      const found = await provider.finish(response, { ...checks, nonce: trip.nonce });
      await recordIdentity(
        ctx,
        target,
        { providerId: provider.id, provider: provider.displayHost, test: provider.test, ...found },
        actor,
      );
      return { next: 'session' };
    }
    if (trip.kind === 'csc-service') {
      const provider = providerOf(providers, 'csc', target.signee.method);
      const { credential, evidence } = await provider.finishService(response, checks);
      const b64 = (der: Uint8Array) => Buffer.from(der).toString('base64');
      const identity = await recordIdentity(
        ctx,
        target,
        {
          providerId: provider.id,
          provider: provider.displayHost,
          test: provider.test,
          person: credential.person,
          evidence,
          credential: {
            credentialId: credential.credentialId,
            certificates: credential.certificates.map(b64),
            signAlgo: credential.signAlgo,
            qualified: credential.qualified,
          },
        },
        actor,
      );
      const input = trip.data as SigningInput;
      const { redirectUrl } = await prepareAtQtsp(ctx, providers, target, identity, input, provider);
      return { next: 'provider', redirectUrl };
    }
    const fresh = await liveSession(ctx, sessionToken);
    const { redirect } = await finishAtQtsp(ctx, providers, fresh, trip, response, client);
    return { next: 'done', redirect };
  } catch (err) {
    throw tripError(err);
  }
}
