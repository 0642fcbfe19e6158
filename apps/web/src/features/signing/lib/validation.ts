import { SIGNEE_MESSAGES, signeeEmail, type Signee } from '@sinetti/contract';

export type SigneeEmailError = keyof typeof SIGNEE_MESSAGES;

/**
 * SPEC §5 signee e-mail rules, in order: required, valid format, not already among the document's
 * signees (compared the way the server stores addresses: trimmed, lower case).
 */
export function signeeEmailError(email: string, signees: readonly Signee[]): SigneeEmailError | null {
  const parsed = signeeEmail.safeParse(email);
  if (!parsed.success) {
    return parsed.error.issues[0]?.message === SIGNEE_MESSAGES.emailRequired
      ? 'emailRequired'
      : 'emailInvalid';
  }
  return signees.some((s) => s.email.toLowerCase() === parsed.data) ? 'alreadyAdded' : null;
}
