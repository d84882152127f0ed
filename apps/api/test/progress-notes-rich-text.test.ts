import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/rich-text.ts';

const LINK = 'rel="noopener noreferrer" target="_blank"';

describe('sanitizeRichText', () => {
  it.each([
    [
      'formatting it allows',
      '<p><strong>a</strong> <b>b</b> <em>c</em> <i>d</i> <u>e</u> <s>f</s></p>',
      '<p><strong>a</strong> <b>b</b> <em>c</em> <i>d</i> <u>e</u> <s>f</s></p>',
    ],
    [
      'lists, quotes and headings',
      '<h2>H</h2><h3>I</h3><ol><li>1</li></ol><ul><li>2</li></ul><blockquote>q</blockquote>',
      '<h2>H</h2><h3>I</h3><ol><li>1</li></ol><ul><li>2</li></ul><blockquote>q</blockquote>',
    ],
    ['a script, with its code', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['a style block', '<style>p{display:none}</style><p>a</p>', '<p>a</p>'],
    ['an image', '<p><img src="x" onerror="alert(1)">a</p>', '<p>a</p>'],
    ['event and style attributes', '<p onclick="x()" style="color:red" class="c" id="i">a</p>', '<p>a</p>'],
    ['other tags (their words kept)', '<div><span>a</span><table><tr><td>b</td></tr></table></div>', 'ab'],
    ['other heading levels, as the two it has', '<h1>A</h1><h4>B</h4><h6>C</h6>', '<h2>A</h2><h3>B</h3><h3>C</h3>'],
    ['an http link', '<a href="http://example.com/a?b=1&amp;c=2">x</a>', `<a href="http://example.com/a?b=1&amp;c=2" ${LINK}>x</a>`],
    ['a mailto link', '<a href="mailto:a@example.com">x</a>', `<a href="mailto:a@example.com" ${LINK}>x</a>`],
    [
      'a link’s own target and rel',
      '<a href="https://e.com" target="_self" rel="opener" title="t">x</a>',
      `<a href="https://e.com" ${LINK}>x</a>`,
    ],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', 'x'],
    ['a JavaScript: link in capitals with spaces', '<a href="  JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['an entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>', 'x'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', 'x'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', 'x'],
    ['a relative link', '<a href="/api/admin/x">x</a>', 'x'],
    ['a protocol-relative link', '<a href="//evil.example">x</a>', 'x'],
    [
      'a safe link after an unsafe one',
      '<a href="javascript:x">a</a><a href="https://e.com">b</a>',
      `a<a href="https://e.com" ${LINK}>b</a>`,
    ],
    ['markup written as text', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['an svg with a script', '<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
    ['an iframe', '<iframe src="https://e.com"></iframe><p>a</p>', '<p>a</p>'],
    ['an unclosed tag', '<p><strong>a', '<p><strong>a</strong></p>'],
  ])('keeps %s as safe markup', (_title, dirty, html) => {
    expect(sanitizeRichText(dirty).html).toBe(html);
  });

  it.each([
    ['paragraphs and items on their own lines', '<p>One</p><p>Two</p><ul><li>a</li><li>b</li></ul>', 'One\nTwo\na\nb'],
    ['line breaks', 'first<br>second<br/>third', 'first\nsecond\nthird'],
    ['entities as characters', '<p>Tom &amp; Jerry &lt;3 &quot;q&quot; it&#39;s&nbsp;here</p>', 'Tom & Jerry <3 "q" it\'s here'],
    ['spaces collapsed, blank lines dropped', '<p>  a   b  </p><p> </p><p>c</p>', 'a b\nc'],
    ['nothing from an empty body', '<p>&nbsp;</p><p><br></p>', ''],
    ['nothing from a script', '<script>alert(1)</script>', ''],
  ])('reads %s as plain text', (_title, dirty, text) => {
    expect(sanitizeRichText(dirty).text).toBe(text);
  });
});
