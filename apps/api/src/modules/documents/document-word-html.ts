import mammoth from 'mammoth';
import sanitizeHtml from 'sanitize-html';
import { DOCUMENT_MESSAGES } from '@matterhorn/shared';
import { AppError } from '../../lib/errors.ts';
// Links as a note's rich text keeps them: to the web or an e-mail address, in a new tab; others keep only their words.
import { transformLink } from '../../lib/rich-text.ts';
import { checkZipEntries, ZipRefusedError, type ZipLimits } from '../../platform/files/zip-guard.ts';

/**
 * A Word document as HTML for the page's preview, made in the document worker. mammoth writes only
 * plain structural markup and escapes the document's text, but its output is still passed through
 * sanitize-html (already the API's sanitiser, lib/rich-text.ts) with an allow-list, so nothing the
 * file holds reaches the page as code: no scripts, styles, event handlers or ids (which could
 * clobber the page's globals), links to the web only, and images only as embedded PNG, JPEG or GIF
 * (nothing is fetched from elsewhere when the preview is shown).
 */

const ALLOWED_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'u',
  's',
  'sup',
  'sub',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'span',
];

/** Images only as they are embedded in the file: PNG, JPEG or GIF data, never an address to fetch. */
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: { a: transformLink },
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMAGE.test(frame.attribs.src ?? ''),
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object'],
  disallowedTagsMode: 'discard',
};

export function sanitizeWordHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const unreadable = () => new AppError(422, DOCUMENT_MESSAGES.previewUnreadable);

/** The document's body as safe HTML; 422 for a file mammoth cannot read or a zip that inflates past the limits. */
export async function wordHtmlOf(content: Buffer, zipLimits: ZipLimits): Promise<string> {
  try {
    // mammoth inflates every part it reads whole, in memory.
    await checkZipEntries(content, zipLimits);
  } catch (error) {
    if (error instanceof ZipRefusedError) throw unreadable();
    throw error;
  }
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: content }, { externalFileAccess: false })).value;
  } catch {
    throw unreadable();
  }
  return sanitizeWordHtml(html);
}
