import type { Page } from 'playwright-core';

interface SessionRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** A JSON body. */
  json?: unknown;
  /** A multipart upload: the form's text fields and its file (`file`), bytes as base64. */
  upload?: { fields: Record<string, string>; fileName: string; base64: string };
}

/**
 * Calls the API from the page with its own session and selected organization (the headers the app sends);
 * the reply's status and body (as base64, to cross from the page).
 */
async function sessionFetch(page: Page, request: SessionRequest): Promise<{ status: number; body: Buffer }> {
  const reply = await page.evaluate(async ({ method, path, json, upload }) => {
    const session = JSON.parse(localStorage.getItem('sinetti.session') ?? 'null') as {
      id: string;
      selectedOrganization: string | null;
    } | null;
    const stored = JSON.parse(localStorage.getItem('sinetti.selectedOrganization') ?? 'null') as
      string | null;
    const headers: Record<string, string> = { 'application-id': 'Frontend' };
    if (session) headers['session-id'] = session.id;
    const organization = session?.selectedOrganization ?? stored;
    if (organization) headers['company-id'] = organization;
    let body: BodyInit | undefined;
    if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    } else if (upload) {
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
      const bytes = Uint8Array.from(atob(upload.base64), (c) => c.charCodeAt(0));
      form.append('file', new Blob([bytes]), upload.fileName);
      body = form;
    }
    const res = await fetch(`/api${path}`, { method, headers, body });
    const bytes = new Uint8Array(await res.arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return { status: res.status, base64: btoa(binary) };
  }, request);
  return { status: reply.status, body: Buffer.from(reply.base64, 'base64') };
}

/** A JSON call with the page's session. */
export async function apiFrom(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  json?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const { status, body } = await sessionFetch(page, { method, path, json });
  return { status, json: JSON.parse(body.toString('utf8')) as Record<string, unknown> };
}

/** A file the API answers (a download), with the page's session; anything but 200 fails. */
export async function downloadFrom(page: Page, path: string): Promise<Buffer> {
  const { status, body } = await sessionFetch(page, { method: 'GET', path });
  if (status !== 200) throw new Error(`GET ${path}: ${status} ${body.toString('utf8').slice(0, 200)}`);
  return body;
}

/** Uploads `bytes` as a document of `type` named `name`; the new document's id. */
export async function uploadFrom(
  page: Page,
  type: string,
  name: string,
  fileName: string,
  bytes: Buffer,
): Promise<string> {
  const reply = await sessionFetch(page, {
    method: 'POST',
    path: `/documents/upload/${type}`,
    upload: { fields: { name }, fileName, base64: bytes.toString('base64') },
  });
  const json = JSON.parse(reply.body.toString('utf8')) as { document?: { id: string } };
  if (!json.document) throw new Error(`upload of ${fileName}: ${reply.status} ${JSON.stringify(json)}`);
  return json.document.id;
}
