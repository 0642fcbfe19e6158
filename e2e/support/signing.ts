import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { readNetpbm } from '../../apps/server/test/netpbm.ts';
import { newContext } from './browser.ts';
import { serverAt } from './server.ts';

const run = promisify(execFile);

interface DevMail {
  subject: string;
  text: string;
  links: string[];
  to: string;
}

/** The development mailbox's messages to `to` (GET /api/dev/mail?to=, only without SMTP). */
export async function mailTo(baseUrl: string, to: string): Promise<DevMail[]> {
  // A server that does not answer fails the journey with this call named, rather than hanging it.
  const res = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(to)}`, {
    signal: AbortSignal.timeout(15_000),
  });
  const data = (await res.json()) as { messages: DevMail[] };
  return data.messages;
}

/** A mail that takes longer than this is reported (stderr), not failed. */
const SLOW_MAIL_MS = 10_000;

/** What the server at `baseUrl` did lately (support/server.ts), for a slow or missing mail. */
const serverReport = async (baseUrl: string) =>
  (await serverAt(baseUrl)?.diagnose()) ?? '(a server this test file did not start)';

/**
 * Waits (mail is sent by a job) for a message to `to` that `match` accepts. The limit detects a mail that
 * never comes; it is no speed check (a loaded CI machine once needed more than 30 s).
 */
export async function waitForMail(
  baseUrl: string,
  to: string,
  match: (m: DevMail) => boolean,
  timeoutMs = 90_000,
): Promise<DevMail> {
  const start = Date.now();
  const end = start + timeoutMs;
  for (;;) {
    const messages = await mailTo(baseUrl, to);
    const found = messages.find(match);
    if (found) {
      // Not a failure: a slow mail is reported with what the server did, to be understood later.
      if (Date.now() - start > SLOW_MAIL_MS) {
        const report = await serverReport(baseUrl);
        process.stderr.write(`Slow mail "${found.subject}": ${Date.now() - start} ms.\n${report}\n`);
      }
      return found;
    }
    if (Date.now() > end) {
      // What did come tells a mail in the wrong language or template from one never sent, the server's
      // health whether its database still answers, and its jobs and log what the mail job did.
      const subjects = messages.map((m) => m.subject);
      const health = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) })
        .then((res) => res.text())
        .catch((error: unknown) => String(error));
      throw new Error(
        `No matching e-mail to ${to} within ${timeoutMs} ms; it has: ${JSON.stringify(subjects)}; ` +
          `health: ${health}.\nServer:\n${await serverReport(baseUrl)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The pad's box once it has stopped moving (the page may still be scrolling smoothly to it). */
async function settledBox(pad: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await pad.boundingBox();
  for (let i = 0; i < 40; i += 1) {
    await pad.page().waitForTimeout(100);
    const now = await pad.boundingBox();
    if (last && now && now.x === last.x && now.y === last.y) return now;
    last = now;
  }
  if (!last) throw new Error('The signature pad is not visible.');
  return last;
}

/**
 * Draws a wavy line across the canvas with the mouse. The page scrolls itself to the signature once the
 * code is confirmed (smoothly): the line is drawn once the pad stands still, and again if the pad did not
 * take it (`data-drawn`), so that a scroll under the mouse does not leave the pad empty.
 */
export async function drawSignature(page: Page, name = 'Signature drawing area'): Promise<void> {
  const pad = page.getByRole('img', { name });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // The mouse draws in the viewport: bring the whole pad into it first.
    await pad.scrollIntoViewIfNeeded();
    const box = await settledBox(pad);
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    for (let i = 1; i <= 20; i += 1) {
      await page.mouse.move(
        box.x + 20 + i * ((box.width - 40) / 20),
        y + Math.sin(i / 2) * box.height * 0.3,
        {
          steps: 2,
        },
      );
    }
    await page.mouse.up();
    if ((await pad.getAttribute('data-drawn')) !== null) return;
  }
  throw new Error('The signature pad did not take the drawn line.');
}

export interface PdfSigReport {
  output: string;
  signatures: { valid: boolean; lines: string[] }[];
}

/** Runs poppler's pdfsig and splits its report per signature (its exit code is 0 either way). */
export async function pdfsig(file: string): Promise<PdfSigReport> {
  const { stdout, stderr } = await run('/usr/bin/pdfsig', [file]).catch(
    (err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }),
  );
  const output = `${stdout}${stderr}`;
  const parts = output.split(/^Signature #\d+:\s*$/m).slice(1);
  return {
    output,
    signatures: parts.map((part) => {
      const lines = part
        .split('\n')
        .map((l) => l.replace(/^\s*-\s*/, '').trim())
        .filter(Boolean);
      return { valid: lines.includes('Signature Validation: Signature is Valid.'), lines };
    }),
  };
}

/** The images of a PDF as poppler's `pdfimages -list` lists them (page, type: image or smask, size). */
export async function pdfImages(
  file: string,
): Promise<{ page: number; type: string; width: number; height: number }[]> {
  const { stdout } = await run('/usr/bin/pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map(([page, , type, width, height]) => ({
      page: Number(page),
      type: type ?? '',
      width: Number(width),
      height: Number(height),
    }));
}

/** Where a drawing's ink lies in its soft mask (the alpha of the signee's drawn signature in the PDF). */
export interface Ink {
  width: number;
  height: number;
  /** Share of the mask's pixels that are ink (alpha above half). */
  covered: number;
  /** Share of the mask's columns with any ink: a stroke drawn across the pad spans most of them. */
  spanned: number;
}

/**
 * The ink of each soft mask in a PDF, read from the masks themselves: `pdfimages` writes every image as
 * PPM (or PGM): a short text header, then one byte per pixel and channel; the masks are the images that
 * `pdfimages -list` calls smask, numbered in the same order.
 */
export async function pdfMaskInk(file: string): Promise<Ink[]> {
  const masks = (await pdfImages(file)).flatMap((image, index) => (image.type === 'smask' ? [index] : []));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-e2e-images-'));
  try {
    await run('/usr/bin/pdfimages', [file, path.join(dir, 'image')]);
    const written = fs.readdirSync(dir);
    return masks.map((index) => {
      const name = written.find((n) => n.startsWith(`image-${String(index).padStart(3, '0')}.`));
      if (!name) throw new Error(`pdfimages wrote no file for image ${index}: ${written.join(' ')}`);
      const { width, height, channels, pixels } = readNetpbm(fs.readFileSync(path.join(dir, name)), name);
      let covered = 0;
      const columns = new Set<number>();
      for (let i = 0; i < width * height; i++) {
        if (pixels[i * channels]! < 128) continue;
        covered++;
        columns.add(i % width);
      }
      return { width, height, covered: covered / (width * height), spanned: columns.size / width };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A signee's plain journey from the e-mailed request in a browser context of their own: start, confirm
 * the e-mailed code, draw, sign. (signing.e2e.test.ts walks the same steps checking each page on the way.)
 */
export async function signFromMail(browser: Browser, baseUrl: string, email: string): Promise<void> {
  const request = await waitForMail(baseUrl, email, (m) => m.subject.startsWith('Signature request:'));
  const link = request.links.find((l) => l.includes('/public/sign/'));
  if (!link) throw new Error(`No signing link in the mail to ${email}.`);
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Start signing' }).click();
  await page.getByRole('button', { name: 'Send code by e-mail' }).click();
  const mail = await waitForMail(baseUrl, email, (m) => m.subject.startsWith('Your verification code is'));
  await page
    .getByRole('textbox', { name: 'Verification code' })
    .fill(/(\d{6})/.exec(mail.subject)?.[1] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText('Your e-mail address is confirmed.').waitFor();
  await drawSignature(page);
  await page.getByLabel('I have read the document and sign it electronically').check();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  await page.getByRole('heading', { name: 'Document signed' }).waitFor();
  await context.close();
}

/** The text of a PDF file (poppler's pdftotext). */
export async function pdfToText(file: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout;
}
