import type { ReadCallback } from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from './index';
import { NAMESPACES, localeBackend } from './load';

function read(language: string, namespace: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const callback: ReadCallback = (error, data) => (error ? reject(error) : resolve(data));
    localeBackend.read(language, namespace, callback);
  });
}

describe('locale chunks loaded per language', () => {
  it('lists every namespace', () => {
    expect([...NAMESPACES].sort()).toEqual(Object.keys(resources.en).sort());
  });

  it("reads a namespace of the language's chunk", async () => {
    await expect(read('fi', 'signing')).resolves.toEqual(resources.fi.signing);
    await expect(read('en', 'auth')).resolves.toEqual(resources.en.auth);
  });

  it('has nothing for a language the app does not have', async () => {
    await expect(read('sv', 'common')).resolves.toEqual({});
  });
});
