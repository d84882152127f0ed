import sanitizeHtml from 'sanitize-html';

/**
 * What a note's formatted text may hold: paragraphs, line breaks, bold, italics, underline, strike,
 * lists, block quotes, two heading levels and links. Nothing else is ever stored as markup: no
 * scripts, no images, no styles, no event handlers, so a note is safe to render as HTML anywhere
 * (the web app, an e-mail, the client portal).
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'a'];

/** A link goes to the web or to an e-mail address only: never javascript:, data:, or a page of this app. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/**
 * A link opens in a new tab without handing the opened page a reference to this one; a link whose
 * address is not a safe absolute one becomes plain text (its words kept, `span` not being allowed).
 */
export function transformLink(_tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const href = attribs.href?.trim();
  if (!href || !SAFE_HREF.test(href)) return { tagName: 'span', attribs: {} };
  return { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Script and style bodies are code, not words: dropped with their tags (the library's default, stated).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object'],
  disallowedTagsMode: 'discard',
};

/**
 * The first pass checks each link and turns an unsafe one into a `span`, which it keeps; the second
 * drops the spans (their words stay). One pass cannot do both: sanitize-html closes the next link
 * with a stale `</span>` after it discards a renamed tag.
 */
const LINK_PASS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...ALLOWED_TAGS, 'span'],
  transformTags: {
    a: transformLink,
    // Pasted headings keep a heading's place: the editor has two levels.
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
  },
};

/** Tags whose end is a break between words in the plain text. */
const BLOCK_END = /<\/(p|li|h2|h3|blockquote|ul|ol)>|<br\s*\/?>/gi;

/** sanitize-html escapes these in text it writes; the plain text wants the characters back. */
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The words of sanitised HTML: one line per paragraph, list item or heading, blank lines dropped. */
function plainTextOf(html: string): string {
  const withBreaks = html.replace(BLOCK_END, (tag) => `${tag}\n`);
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(lt|gt|quot|#39|amp);/g,
    (entity) => ENTITIES[entity]!,
  );
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

export type RichText = { html: string; text: string };

/** A note's body as stored: its sanitised HTML and the plain text that search, CSV and e-mail read. */
export function sanitizeRichText(dirty: string): RichText {
  const html = sanitizeHtml(sanitizeHtml(dirty, LINK_PASS), OPTIONS).trim();
  return { html, text: plainTextOf(html) };
}
