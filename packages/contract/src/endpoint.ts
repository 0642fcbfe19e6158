import type { z } from 'zod';

/**
 * Who may call an endpoint:
 * - `public`: anyone (sign-in, public signing pages, health).
 * - `account`: a valid session, even before setup is complete (wizard, sessions, language).
 * - `organization`: a valid session with setup complete and a `company-id` the account belongs to.
 */
export type Access = 'public' | 'account' | 'organization';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /** Stable id, `area.name`, used for OpenAPI operation ids and logs. */
  id: string;
  method: Method;
  /** Path under /api, with `:name` parameters, e.g. `/authentication/invalidate/:id`. */
  path: string;
  access: A;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  reply: R;
}

export function endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  const A extends Access = Access,
>(e: Endpoint<P, Q, B, R, A>): Endpoint<P, Q, B, R, A> {
  return e;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? Infer<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Infer<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? Infer<B> : never;
export type BodyInputOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? InferIn<B> : never;
export type ReplyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? Infer<R> : never;

/** Fills `:name` segments of a path; optional segments end in `?` and are dropped when empty. */
export function buildPath(path: string, params: Record<string, string | number | undefined> = {}): string {
  return path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`Missing path parameter ${name} for ${path}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((s): s is string => s !== null)
    .join('/');
}
