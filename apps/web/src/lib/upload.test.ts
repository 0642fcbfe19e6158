import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@sinetti/contract';
import { resetTestState, signInAs } from '../test/utils';
import { FakeXhr } from '../test/fake-xhr';
import { upload } from './upload';

afterEach(resetTestState);

function start(onProgress = vi.fn()) {
  signInAs('OK', 'org-1');
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const file = new File(['%PDF-1.4 hello'], 'Lease.pdf', { type: 'application/pdf' });
  const promise = upload(api.documents.upload, {
    params: { type: 'contract', parent: undefined },
    fields: { name: 'Lease' },
    file,
    onProgress,
  });
  const xhr = FakeXhr.last;
  if (!xhr) throw new Error('no request');
  return { promise, xhr, onProgress };
}

describe('upload()', () => {
  it('posts the form with the app headers and reports the bytes sent', async () => {
    const { promise, xhr, onProgress } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/documents/upload/contract');
    expect(xhr.headers).toEqual({
      'application-id': 'Frontend',
      'session-id': 'secret-session-id',
      'company-id': 'org-1',
    });
    expect(xhr.body?.get('name')).toBe('Lease');
    expect((xhr.body?.get('file') as File).name).toBe('Lease.pdf');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 42, total: 100 });
    expect(onProgress).toHaveBeenLastCalledWith(42);
    xhr.answer(200, { status: 'OK', document: { id: 'd1' } });
    await expect(promise).resolves.toEqual({ status: 'OK', document: { id: 'd1' } });
    expect(onProgress).toHaveBeenLastCalledWith(100);
  });

  it.each([
    [413, 'FILE_TOO_LARGE'],
    [415, 'UNSUPPORTED_FILE_TYPE'],
  ])('raises the reply code of a %i', async (status, code) => {
    const { promise, xhr } = start();
    xhr.answer(status, { status: 'ERROR', code, message: 'No.' });
    await expect(promise).rejects.toMatchObject({ code, httpStatus: status });
  });

  it('raises NETWORK when the server cannot be reached', async () => {
    const { promise, xhr } = start();
    xhr.onerror?.();
    await expect(promise).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
