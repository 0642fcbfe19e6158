import { SIGNEE_LEVEL, type Language } from '@sinetti/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { SigningProvider, SigningRequest, SigningStart } from './types.ts';

/** Opens (or resumes) a signee's session in the built-in signing page; returns its secret token. */
export type OpenBuiltInSession = (
  request: SigningRequest,
  tx: DbOrTx,
) => Promise<{ sessionToken: string; expiresAt: Date }>;

const LABELS: Record<Language, string> = {
  en: 'E-mail code (simple)',
  fi: 'Sähköpostikoodi (yksinkertainen)',
};

/**
 * The built-in signing service: a public page of the app where the signee reads the PDF, confirms an
 * e-mailed code and draws or types a signature. It proves control of the e-mail address only, so it
 * serves the simple level.
 */
export function createBuiltInProvider(opts: {
  publicUrl: string;
  openSession: OpenBuiltInSession;
}): SigningProvider {
  return {
    id: 'built-in',
    levels: [SIGNEE_LEVEL.simple],
    methodLabel: (lang) => LABELS[lang],
    async begin(request, tx): Promise<SigningStart> {
      const { sessionToken, expiresAt } = await opts.openSession(request, tx);
      return { signingUrl: `${opts.publicUrl}/public/session/${sessionToken}`, expiresAt };
    },
  };
}
