import type { Page } from 'playwright-core';
import { signInWithLocalProvider, waitForPath } from './flows.ts';
import { waitForMail } from './signing.ts';

/** The invitation link e-mailed to `to` (`PUBLIC_URL/?invite=<token>`). */
export async function invitationLink(baseUrl: string, to: string): Promise<string> {
  const mail = await waitForMail(baseUrl, to, (m) => m.links.some((l) => l.includes('?invite=')));
  const link = mail.links.find((l) => l.includes('?invite='));
  if (!link) throw new Error(`no invitation link to ${to}`);
  return link;
}

/**
 * Someone new follows an e-mailed invitation link: signed out, the app asks them to sign in; they sign
 * up with the given provider and skip creating an organization, and land on the Dashboard.
 */
export async function signUpFromLink(
  page: Page,
  link: string,
  email: string,
  name: string,
  button = 'Sign in with Google',
): Promise<void> {
  await page.goto(link);
  await waitForPath(page, '/signin');
  if (page.url().includes('invite=')) throw new Error('the invitation token stayed in the address');
  await signInWithLocalProvider(page, email, name, button);
  await waitForPath(page, '/setup/create-organization');
  await page.getByRole('button', { name: 'Skip' }).click();
  await waitForPath(page, '/setup/confirm-plan');
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await waitForPath(page, '/');
}
