import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Page } from 'playwright-core';

const run = promisify(execFile);

/** A PDF of `pages` pages whose first page holds `text`, written to `dir`. */
export async function writePdf(dir: string, fileName: string, text: string, pages = 2): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText(i === 1 ? text : `Page ${i}`, { x: 72, y: 760, size: 18, font });
  }
  const file = path.join(dir, fileName);
  fs.writeFileSync(file, await pdf.save());
  return file;
}

/** A DOCX made by LibreOffice from a text file (its own profile, so parallel runs do not clash). */
export async function writeDocx(dir: string, baseName: string, text: string): Promise<string> {
  const source = path.join(dir, `${baseName}.txt`);
  fs.writeFileSync(source, `${text}\n`);
  const profile = fs.mkdtempSync(path.join(dir, 'lo-profile-'));
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--convert-to',
      'docx:MS Word 2007 XML',
      '--outdir',
      dir,
      source,
    ],
    { timeout: 60_000 },
  );
  const file = path.join(dir, `${baseName}.docx`);
  if (!fs.existsSync(file)) throw new Error(`LibreOffice did not write ${file}`);
  return file;
}

/**
 * Create → Upload: picks the file, chooses the type, keeps the prefilled name (checked) or sets `name`,
 * uploads and opens the new document from the complete dialog.
 */
export async function uploadThroughDialogs(
  page: Page,
  file: string,
  type: RegExp,
  { prefilled, name }: { prefilled: string; name?: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('menuitem', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload a file' });
  await upload.getByTestId('upload-file-input').setInputFiles(file);
  const types = page.getByRole('dialog', { name: 'File type' });
  await types.getByRole('radio', { name: type }).check();
  await types.getByRole('button', { name: 'Continue' }).click();
  const naming = page.getByRole('dialog', { name: 'Name' });
  const input = naming.getByLabel('Name');
  if ((await input.inputValue()) !== prefilled) {
    throw new Error(`The name was prefilled with "${await input.inputValue()}", not "${prefilled}".`);
  }
  if (name) await input.fill(name);
  await naming.getByRole('button', { name: 'Upload' }).click();
  const complete = page.getByRole('dialog', { name: 'Upload complete' });
  await complete.waitFor();
  await complete.getByRole('button', { name: 'Open' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/document/'));
}

/** Waits until the preview has drawn `pages` canvas pages (conversion may come first). */
export async function waitForRenderedPages(page: Page, pages: number, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    (count) =>
      document.querySelectorAll('[data-testid="pdf-preview"] canvas[data-rendered="true"]').length === count,
    pages,
    { timeout },
  );
}

/** Opens a row's action menu in the list and picks an action. */
export async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}
