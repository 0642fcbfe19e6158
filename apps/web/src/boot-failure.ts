import { reportError } from './lib/error-reporting';

/**
 * What the page shows when the app itself could not be loaded (the connection dropped while its files
 * came, or a new release replaced them): a message with a way to try again, instead of the splash
 * forever. The texts of both languages are shown together: the language's own texts are part of what
 * did not load. The failure is reported (the report may not arrive either, which is fine).
 */
export function showBootFailure(error: unknown, root = document.getElementById('root')): void {
  reportError({
    kind: 'uncaught',
    message: `The app could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
  });
  if (!root) return;
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'max-width:28rem;margin:20vh auto 0;padding:1.5rem;font:16px/1.5 system-ui,sans-serif;color:#1a1b1e;text-align:center';
  const lines = [
    ['en', 'Sinetti could not be opened. Check your connection and try again.'],
    ['fi', 'Sinettiä ei voitu avata. Tarkista verkkoyhteys ja yritä uudelleen.'],
  ];
  for (const [lang, text] of lines) {
    const p = document.createElement('p');
    p.lang = lang ?? 'en';
    p.textContent = text ?? '';
    box.append(p);
  }
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = 'Try again · Yritä uudelleen';
  retry.style.cssText =
    'margin-top:.5rem;padding:.5rem 1rem;font:inherit;color:#fff;background:#1c5d99;border:0;border-radius:.25rem;cursor:pointer';
  retry.addEventListener('click', () => window.location.reload());
  box.append(retry);
  root.replaceChildren(box);
  retry.focus();
}
