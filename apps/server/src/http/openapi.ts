import { z } from 'zod';
import { ERROR_CODES, api, type Endpoint } from '@sinetti/contract';

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
        `Error codes and HTTP statuses: ${Object.entries(ERROR_CODES)
          .map(([c, s]) => `${c} (${s})`)
          .join(', ')}.`,
    },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'header', name: 'session-id' },
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
  };
}
