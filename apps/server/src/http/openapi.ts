import { z } from 'zod';
import { ERROR_CODES, WEBHOOK_EVENTS, api, webhookPayload, type Endpoint } from '@sinetti/contract';

function schemaOf(s: z.ZodType | undefined, io: 'input' | 'output'): unknown {
  if (!s) return undefined;
  try {
    return z.toJSONSchema(s, { io, unrepresentable: 'any' });
  } catch {
    return {};
  }
}

function pathParams(
  path: string,
): { name: string; in: 'path'; required: boolean; schema: { type: 'string' } }[] {
  return [...path.matchAll(/:(\w+)(\?)?/g)].map((m) => ({
    name: m[1] ?? '',
    in: 'path',
    required: m[2] !== '?',
    schema: { type: 'string' },
  }));
}

/** How an integration authenticates (docs/integration.md). */
export const API_KEY_AUTHENTICATION =
  'API keys: an organization makes keys (`snt_…`) in Settings → API keys; ' +
  '`POST /api/authentication/login {"type":"API","credential":"<key>"}` answers `session.id`, sent as ' +
  "`session-id`. Such a session acts in the key's organization with the key's permissions (never more than " +
  'its maker holds now), cannot make account-level calls (403 API_KEY_NOT_ALLOWED), is refused once the key ' +
  'is revoked or expired (401 API_KEY_REVOKED, API_KEY_EXPIRED) and has its own rate limit (429).';

/** The OpenAPI 3.1 document, generated from the same zod schemas the server validates with. */
export function buildOpenApi(version: string): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  const endpoints = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
  for (const e of endpoints) {
    const p = `/api${e.path.replace(/:(\w+)\??/g, '{$1}')}`;
    paths[p] ??= {};
    paths[p][e.method.toLowerCase()] = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.id.split('.')[0]],
      security: e.access === 'public' ? [] : [{ session: [], company: [] }],
      parameters: pathParams(e.path),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: schemaOf(e.body, 'input') } },
            },
          }
        : {}),
      responses: {
        200: { description: 'OK', content: { 'application/json': { schema: schemaOf(e.reply, 'output') } } },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sinetti API',
      version,
      description:
        'Every call sends `application-id: Frontend`; authenticated calls send `session-id` and `company-id`. ' +
        `${API_KEY_AUTHENTICATION} ` +
        `Error codes and HTTP statuses: ${Object.entries(ERROR_CODES)
          .map(([c, s]) => `${c} (${s})`)
          .join(', ')}.`,
    },
    components: {
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'header',
          name: 'session-id',
          description: `A person's session (sign-in) or one opened with an API key. ${API_KEY_AUTHENTICATION}`,
        },
        company: { type: 'apiKey', in: 'header', name: 'company-id' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['status', 'code', 'message'],
          properties: {
            status: { const: 'ERROR' },
            code: { enum: Object.keys(ERROR_CODES) },
            message: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    paths,
    webhooks: webhookOperations(),
  };
}

/** The webhooks an organization's endpoints receive (issue #34 item 2), one per event type. */
function webhookOperations(): Record<string, unknown> {
  const header = (name: string, description: string) => ({
    name,
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description,
  });
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          summary: `${type} (Standard Webhooks; docs/integration.md "Webhooks")`,
          parameters: [
            header('webhook-id', 'The event id (evt_…), the same on every retry and redelivery.'),
            header('webhook-timestamp', 'Seconds since 1970 of this attempt.'),
            header(
              'webhook-signature',
              'v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" keyed with the base64 after whsec_ of the secret>',
            ),
          ],
          requestBody: { content: { 'application/json': { schema: schemaOf(webhookPayload, 'output') } } },
          responses: {
            '2XX': { description: 'Delivered.' },
            '410': { description: 'Gone: the endpoint is turned off.' },
            default: { description: 'Retried later (30 s … 6 h, 8 attempts in all).' },
          },
        },
      },
    ]),
  );
}
