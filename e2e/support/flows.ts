import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Signs in through the built-in identity provider's page (the real OpenID Connect flow). */
export async function signInWithLocalProvider(
  page: Page,
  email: string,
  name: string,
  button = 'Sign in with Google',
) {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return u.pathname;
}

export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) =>
    typeof path === 'string' ? url.pathname === path : path.test(url.pathname),
  );
  expect(pathOf(page)).toMatch(
    typeof path === 'string' ? new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : path,
  );
}
