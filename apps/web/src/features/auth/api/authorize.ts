import type { QueryClient } from '@tanstack/react-query';
import { api, type Platform } from '@sinetti/contract';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { completeSignIn } from './complete-sign-in';

export interface AuthorizeInput {
  platform: Platform;
  code: string;
  state: string;
}

/**
 * An authorization code can be exchanged only once, but React StrictMode runs effects twice and the
 * page may mount again: every caller with the same code shares one exchange.
 */
const inFlight = new Map<string, Promise<string>>();

/**
 * Exchanges the provider's code for a session (POST authentication/authorize), stores it and answers
 * the path to continue to.
 */
export function finishProviderSignIn(input: AuthorizeInput, queryClient: QueryClient): Promise<string> {
  let pending = inFlight.get(input.code);
  if (!pending) {
    pending = call(api.authentication.authorize, {
      // A new account starts in the language chosen on /signin or /signup.
      body: { type: input.platform, code: input.code, state: input.state, language: currentLanguage() },
    }).then((reply) => completeSignIn(reply, queryClient));
    inFlight.set(input.code, pending);
  }
  return pending;
}
