import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { LOGIN_ATTEMPT_TTL_MS } from './attempts.ts';

/**
 * Login CSRF protection: a sign-in's `state` (and with it the PKCE verifier and the nonce) belongs to
 * the browser that started it. `login` gives that browser a random secret in an HttpOnly, SameSite=Lax
 * cookie scoped to the sign-in calls and keeps its hash with the attempt; `authorize` completes only
 * when the returning browser shows the same secret. A browser that starts several sign-ins (two tabs)
 * keeps one secret, so each of them can finish.
 */
export const BINDING_COOKIE = 'sinetti_sign_in';
const COOKIE_PATH = '/api/authentication';
const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The binding secret the browser sent, if it is one this server could have issued. */
export function browserSecretOf(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== BINDING_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (SECRET_PATTERN.test(value)) return value;
  }
  return null;
}

export function bindingHashOf(secret: string): string {
  return sha256Hex(`sign-in-binding:${secret}`);
}

function cookieLine(value: string, maxAgeSeconds: number, secure: boolean): string {
  const attributes = [
    `${BINDING_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** Whether the cookie must be Secure: the app is served over https (its public URL, or the request). */
function isSecure(req: FastifyRequest, publicUrl: string): boolean {
  return publicUrl.startsWith('https:') || req.protocol === 'https';
}

/**
 * Sets (or renews) the browser's binding cookie and answers the hash to keep with the attempt. An
 * existing secret is kept, so that an earlier sign-in of the same browser can still finish.
 */
export function bindBrowser(req: FastifyRequest, reply: FastifyReply, publicUrl: string): string {
  const secret = browserSecretOf(req) ?? randomToken();
  const maxAge = Math.floor(LOGIN_ATTEMPT_TTL_MS / 1000);
  void reply.header('set-cookie', cookieLine(secret, maxAge, isSecure(req, publicUrl)));
  return bindingHashOf(secret);
}

/** Removes the binding cookie once a sign-in of this browser has used it. */
export function clearBrowserBinding(req: FastifyRequest, reply: FastifyReply, publicUrl: string): void {
  void reply.header('set-cookie', cookieLine('', 0, isSecure(req, publicUrl)));
}
