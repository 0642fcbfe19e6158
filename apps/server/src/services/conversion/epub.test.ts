import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strToU8 } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeEpub } from '../../../test/fixtures/epub.ts';
import { epubToHtml } from './epub.ts';
import { ARCHIVE_LIMITS } from './archive.ts';
import { ConversionFailedError, ConversionTooLargeError } from './errors.ts';

let dir: string;
beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-epub-test-'));
});
afterEach(async () => fsp.rm(dir, { recursive: true, force: true }));

describe('epubToHtml', () => {
  it('joins the chapters in reading order, a page each, with the images beside them', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const epub = makeEpub(['<h1>First</h1><img src="../images/a.png"/>', '<p>Second</p>'], {
      'OEBPS/images/a.png': png,
    });
    const html = await fsp.readFile(await epubToHtml(epub, dir), 'utf8');
    expect(html.indexOf('First')).toBeLessThan(html.indexOf('Second'));
    expect(html).toContain('page-break-before');
    expect(html).toContain('<title>Handbook</title>');
    expect(await fsp.readFile(path.join(dir, 'book/OEBPS/images/a.png'))).toEqual(Buffer.from(png));
  });

  it('leaves out scripts, frames, event handlers, styles and outside references (sanitize-html.ts)', async () => {
    const epub = makeEpub(
      [
        '<p onclick=steal()>Text</p><scr<script>x</script>ipt>alert(1)</script><iframe src="http://x"></iframe>' +
          '<style>@import url(file:///etc/x.css)</style><img src="file:///etc/x.png"/><img src="../styles/s.css"/>',
      ],
      { 'OEBPS/styles/s.css': strToU8('p { background: url(file:///etc/x.png) }') },
    );
    const html = await fsp.readFile(await epubToHtml(epub, dir), 'utf8');
    expect(html).toContain('Text');
    expect(html).not.toMatch(/script|iframe|onclick|@import|url\(|file:|<img/i);
    // Only the images chapters use are unpacked: no style sheets or other parts beside the HTML.
    await expect(fsp.access(path.join(dir, 'book/OEBPS/styles/s.css'))).rejects.toThrow();
  });

  it('never writes outside its folder', async () => {
    const epub = makeEpub(['<p>Text</p>'], {
      '../escape.txt': strToU8('x'),
      'OEBPS/../../up.txt': strToU8('x'),
    });
    await epubToHtml(epub, dir);
    await expect(fsp.access(path.join(dir, '..', 'escape.txt'))).rejects.toThrow();
    await expect(fsp.access(path.join(dir, 'up.txt'))).rejects.toThrow();
  });

  it('refuses what is not a readable book, and books that unpack too large', async () => {
    await expect(epubToHtml(Buffer.from('not a zip'), dir)).rejects.toBeInstanceOf(ConversionFailedError);
    const noPackage = makeEpub(['<p>x</p>'], { 'META-INF/container.xml': strToU8('<container/>') });
    await expect(epubToHtml(noPackage, dir)).rejects.toThrow('no package document');
    await expect(epubToHtml(makeEpub([]), dir)).rejects.toThrow('no readable chapters');
    const bomb = makeEpub(['<p>x</p>'], { 'OEBPS/big.bin': [new Uint8Array(3 * 1024 * 1024), { level: 9 }] });
    const limits = { ...ARCHIVE_LIMITS, totalBytes: 2 * 1024 * 1024 };
    await expect(epubToHtml(bomb, dir, limits)).rejects.toBeInstanceOf(ConversionTooLargeError);
  });
});
