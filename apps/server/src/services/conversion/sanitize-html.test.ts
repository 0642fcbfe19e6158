import { describe, expect, it } from 'vitest';
import { bookImage, sanitizeChapter } from './sanitize-html.ts';

const book = new Set(['OEBPS/images/a.png', 'OEBPS/images/b c.jpg', 'OEBPS/images/v.svg', 'secret.png']);
const ctx = { chapter: 'OEBPS/text/c1.xhtml', has: (e: string) => book.has(e) };
const clean = (body: string) => sanitizeChapter(`<html><head></head><body>${body}</body></html>`, ctx);

/** Hostile chapter bodies: none of the `absent` strings may survive (case-insensitive). */
const HOSTILE: [name: string, body: string, absent: string[]][] = [
  ['file: image', '<img src="file:///var/lib/sinetti/blobs/x.pdf">', ['file:', '<img']],
  ['file: image, unquoted', '<img src=file:///etc/passwd>', ['file:', '<img']],
  ['http image', '<img src="http://evil.test/x.png">', ['http:', 'evil']],
  ['protocol-relative image', '<img src="//evil.test/x.png">', ['evil', '<img']],
  ['data: image', '<img src="data:image/png;base64,AAAA">', ['data:', '<img']],
  ['absolute path image', '<img src="/etc/passwd.png">', ['/etc', '<img']],
  ['image outside the book', '<img src="../../../secret.png">', ['secret', '<img']],
  ['entity-encoded scheme', '<img src="&#102;ile:///etc/x.png">', ['file:', '<img']],
  ['whitespace before scheme', '<img src="  file:///etc/x.png">', ['file:', '<img']],
  ['svg image', '<img src="../images/v.svg">', ['.svg', '<img']],
  ['srcset', '<img src="../images/a.png" srcset="file:///etc/x.png 2x">', ['srcset', 'file:']],
  ['unquoted event handler', '<p onclick=steal()>x</p>', ['onclick', 'steal']],
  ['event handler after slash', '<p/onmouseover="steal()">x</p>', ['onmouseover', 'steal']],
  ['upper-case event handler', '<P ONLOAD="steal()">x</P>', ['onload', 'steal']],
  ['script', '<script>alert(1)</script>', ['<script', 'alert']],
  ['nested-script trick', '<scr<script>x</script>ipt>alert(1)</script>', ['<script', '<scr']],
  [
    'script in svg',
    '<svg><script>alert(1)</script><image href="file:///etc/x"/></svg>',
    ['<svg', 'alert', 'file:'],
  ],
  ['css @import', '<style>@import url(file:///etc/x.css);</style>', ['@import', 'url(', '<style']],
  ['css url() in style attribute', '<p style="background:url(file:///etc/x.png)">x</p>', ['url(', 'style=']],
  ['iframe', '<iframe src="file:///etc/passwd"></iframe>', ['<iframe', 'file:']],
  ['frameset', '<frameset><frame src="file:///etc/passwd"></frameset>', ['<frame', 'file:']],
  [
    'object and embed',
    '<object data="file:///x"></object><embed src="file:///y">',
    ['<object', '<embed', 'file:'],
  ],
  [
    'link and base',
    '<link rel="stylesheet" href="file:///x.css"><base href="file:///">',
    ['<link', '<base', 'file:'],
  ],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=file:///x">', ['<meta', 'file:']],
  [
    'outside link',
    '<a href="file:///etc/passwd">x</a><a href="javascript:alert(1)">y</a>',
    ['file:', 'javascript'],
  ],
  ['math with link', '<math><mi xlink:href="file:///x">1</mi></math>', ['<math', 'file:']],
  ['form', '<form action="http://evil.test"><input value="x"></form>', ['<form', '<input', 'evil']],
  ['comment', '<!-- <img src="file:///x"> -->', ['file:', '<!--']],
  ['cdata', '<![CDATA[<img src="file:///x">]]>', ['<img']],
  ['video poster', '<video poster="file:///x.png"></video>', ['<video', 'file:']],
  [
    'table background',
    '<table background="file:///x.png"><tr><td>x</td></tr></table>',
    ['background', 'file:'],
  ],
  ['noscript', '<noscript><img src="file:///x"></noscript>', ['file:']],
  ['template', '<template><img src="file:///x"></template>', ['file:']],
];

describe('sanitizeChapter', () => {
  it.each(HOSTILE)('leaves nothing of: %s', (_name, body, absent) => {
    const out = clean(`<p>before</p>${body}<p>after</p>`).toLowerCase();
    for (const a of absent) expect(out).not.toContain(a.toLowerCase());
    expect(out).toContain('after');
  });

  it('keeps text, structure and images inside the book (rewritten from the book root)', () => {
    const out = clean(
      '<h1 class="x" id="top">Title &amp; more</h1><p lang="fi">Tekstiä <em>kursiivi</em></p>' +
        '<img src="../images/a.png" alt="A picture"><img src="../images/b%20c.jpg">' +
        '<table><tr><td colspan="2">cell</td></tr></table><a href="#top">up</a><font color="red">plain</font>',
    );
    expect(out).toContain('<h1 id="top">Title &amp; more</h1>');
    expect(out).toContain('<p lang="fi">Tekstiä <em>kursiivi</em></p>');
    expect(out).toContain('<img alt="A picture" src="OEBPS/images/a.png">');
    expect(out).toContain('<img src="OEBPS/images/b%20c.jpg">');
    expect(out).toContain('<td colspan="2">cell</td>');
    expect(out).toContain('<a href="#top">up</a>');
    expect(out).toContain('plain');
    expect(out).not.toContain('<font');
  });

  it('escapes text and attribute values it keeps', () => {
    expect(clean('<p title="&quot;><script>x</script>">a &lt;b&gt;</p>')).toBe(
      '<p title="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">a &lt;b&gt;</p>',
    );
  });

  it('accepts only relative references to raster images present in the book', () => {
    expect(bookImage('../images/a.png', ctx)).toBe('OEBPS/images/a.png');
    expect(bookImage('../images/a.png#frag', ctx)).toBe('OEBPS/images/a.png');
    expect(bookImage('../images/a.png?x=1', ctx)).toBeNull();
    expect(bookImage('..\\images\\a.png', ctx)).toBeNull();
    expect(bookImage('../images/missing.png', ctx)).toBeNull();
    expect(bookImage('%2e%2e/%2e%2e/%2e%2e/secret.png', ctx)).toBeNull();
    expect(bookImage('../../secret.png', ctx)).toBe('secret.png');
    expect(bookImage('FILE:///secret.png', ctx)).toBeNull();
  });
});
