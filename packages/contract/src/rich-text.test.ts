import { describe, expect, it } from 'vitest';
import { richTextToPlain, safeUrl, sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText (allow-list)', () => {
  it('keeps headings, lists, tables, images and links', () => {
    const html =
      '<h2>Title</h2><p>a <strong>b</strong> <em>c</em></p><ul><li>x</li></ul><ol><li>y</li></ol>' +
      '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>' +
      '<img src="/uploads/a.png" alt="pic" width="100"><a href="#/pages/sub/rules">rules</a>';
    expect(sanitizeRichText(html)).toBe(html);
    expect(sanitizeRichText('<a href="https://example.com/x">x</a>')).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//evil.js></SCRIPT>ok', 'ok'],
    ['<style>body{display:none}</style>ok', 'ok'],
    ['<iframe src="https://evil"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<p onclick="alert(1)" style="x">ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', '<img>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>">x</a>', '<a>x</a>'],
    ['<a href="//evil.com">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['<p>1 < 2 & 3 > 2</p>', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
    ['<p title="x" id="y" class="z">t</p>', '<p>t</p>'],
    ['<div><p>unclosed', '<div><p>unclosed</p></div>'],
    ['</p>stray close', 'stray close'],
    ['<a href="x" onmouseover="y">t', '<a>t</a>'],
    ['"><img src=x onerror=alert(1)>', '"&gt;<img>'],
  ])('%s → %s', (input, out) => {
    expect(sanitizeRichText(input)).toBe(out);
  });

  it('is idempotent: sanitising twice changes nothing', () => {
    const once = sanitizeRichText('<p a="1">x &amp; y &lt;z&gt;</p><a href="https://a.b/?q=1&amp;r=2">l</a>');
    expect(sanitizeRichText(once)).toBe(once);
  });

  it('only lets safe URLs through', () => {
    expect(safeUrl('https://a.b', 'src')).toBe('https://a.b');
    expect(safeUrl('/uploads/content/x.svg', 'src')).toBe('/uploads/content/x.svg');
    expect(safeUrl('/api/secret', 'src')).toBeNull();
    expect(safeUrl('vbscript:x', 'href')).toBeNull();
    expect(safeUrl('mailto:help@pinyou.sg', 'href')).toBe('mailto:help@pinyou.sg');
  });

  it('gives the plain words of a text, blocks on their own lines', () => {
    expect(richTextToPlain('<h2>Fees</h2><p>30 &amp; 10 yuan</p><table><tr><td>a</td><td>b</td></tr></table>')).toBe(
      'Fees\n30 & 10 yuan\na b',
    );
  });
});
