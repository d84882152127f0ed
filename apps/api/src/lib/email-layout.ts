import { accentAsTextOnWhite, ACCENT_COLOUR_PATTERN, textColourOnAccent } from '@matterhorn/shared';
import type { OutgoingEmail } from './outgoing-email.ts';

/** Who an email is from, as its top and footer say: looked up when it is sent. */
export type Letterhead = {
  /** The firm's name, or Matterhorn's on the product's own emails. */
  name: string;
  isFirm: boolean;
  /** The firm's logo as stored (a data: URL), or none. */
  logo: string | null;
  /** Where replies go: the firm's address; none on the product's own emails. */
  replyTo: string | null;
  /** The team member whose act sent it, when there is one. */
  sentBy: string | null;
  /**
   * The firm's accent (#RRGGBB, its invoice settings): a rule under the name and the button, its
   * label white or near-black by contrast; links take it only where it reads on white. None: the product's blue.
   */
  accentColour?: string | null;
};

/** An image the HTML shows from the message itself (`cid:`), so a mail app shows it without fetching anything. */
export type InlineImage = { cid: string; filename: string; content: Buffer; contentType: string };

export type LaidOutEmail = { text: string; html: string; logo: InlineImage | null };

/** RFC 5322 and 2046: a message's lines, text parts included, end in CRLF. */
export const CRLF = '\r\n';
const LOGO_CID = 'logo@matterhorn';
/** The formats mail apps show alike; SVG and WebP logos are left out (Gmail drops SVG, Outlook WebP), as the PDF leaves out what it cannot draw. */
const LOGO_DATA_URL = /^data:image\/(png|jpeg|gif);base64,([A-Za-z0-9+/=]+)$/;

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const BUTTON = '#1864ab';
const BUTTON_TEXT = '#ffffff';

/** The colours an email is drawn in: the product's, or the firm's accent where it has one. */
type Palette = { button: string; buttonText: string; link: string; rule: string | null };

function paletteOf(letterhead: Letterhead): Palette {
  const accent =
    letterhead.isFirm && letterhead.accentColour && ACCENT_COLOUR_PATTERN.test(letterhead.accentColour) ? letterhead.accentColour : null;
  if (!accent) return { button: BUTTON, buttonText: BUTTON_TEXT, link: BUTTON, rule: null };
  return { button: accent, buttonText: textColourOnAccent(accent), link: accentAsTextOnWhite(accent) ?? BUTTON, rule: accent };
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

function logoOf(logo: string | null): InlineImage | null {
  const match = logo ? LOGO_DATA_URL.exec(logo) : null;
  if (!match) return null;
  const format = match[1]!;
  return {
    cid: LOGO_CID,
    filename: `logo.${format === 'jpeg' ? 'jpg' : format}`,
    content: Buffer.from(match[2]!, 'base64'),
    contentType: `image/${format}`,
  };
}

/** The footer's sentences: who sent it and why, where a reply goes, how reminders stop. */
function footerOf(email: OutgoingEmail, letterhead: Letterhead): string[] {
  const who = !letterhead.isFirm
    ? 'Matterhorn sent this email'
    : letterhead.sentBy
      ? `${letterhead.sentBy} of ${letterhead.name} sent this email through Matterhorn`
      : `${letterhead.name} sent this email through Matterhorn`;
  return [
    // An email sealed before the layout has no reason given (outbox.ts).
    email.why ? `${who} because ${email.why}.` : `${who}.`,
    ...(letterhead.replyTo ? [`Reply to this email to write to ${letterhead.name}.`] : []),
    ...(email.isReminder && letterhead.replyTo ? [`To stop these reminders, write to ${letterhead.name} at ${letterhead.replyTo}.`] : []),
  ];
}

function textOf(email: OutgoingEmail, letterhead: Letterhead, footer: string[]): string {
  const blocks = [
    letterhead.name,
    ...(email.greeting ? [email.greeting] : []),
    ...email.paragraphs,
    ...(email.action
      ? [[`${email.action.label}:`, email.action.url, ...(email.action.expiry ? [email.action.expiry] : [])].join('\n')]
      : []),
    ...(email.closing ?? []),
    // "-- " (with its space) is the signature separator mail apps know.
    ['-- ', ...footer].join('\n'),
  ];
  return `${blocks.join('\n\n')}\n`.replace(/\r?\n/g, CRLF);
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/** A paragraph as HTML: escaped, its line breaks kept, its addresses made links. */
function htmlOfText(text: string, palette: Palette): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}" style="color:${palette.link};word-break:break-all;">${url}</a>`;
    last = match.index + match[0].length;
  }
  return (html + escapeHtml(text.slice(last))).replace(/\r?\n/g, '<br>');
}

const paragraphOf =
  (palette: Palette) =>
  (text: string, style = `margin:0 0 16px 0;`) =>
    `<p style="${style}">${htmlOfText(text, palette)}</p>`;

function buttonOf(action: NonNullable<OutgoingEmail['action']>, palette: Palette): string[] {
  const url = escapeHtml(action.url);
  const paragraph = paragraphOf(palette);
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px 0;"><tr>`,
    `<td bgcolor="${palette.button}" style="border-radius:4px;background-color:${palette.button};">`,
    `<a href="${url}" style="display:inline-block;padding:12px 20px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:20px;color:${palette.buttonText};text-decoration:none;border-radius:4px;">${escapeHtml(action.label)}</a>`,
    `</td></tr></table>`,
    `<p style="margin:0 0 16px 0;font-size:13px;line-height:20px;color:${MUTED};">If the button does not work, open this link: <a href="${url}" style="color:${palette.link};word-break:break-all;">${url}</a></p>`,
    ...(action.expiry ? [paragraph(action.expiry, 'margin:0 0 16px 0;font-weight:bold;')] : []),
  ];
}

/**
 * One table, inline styles only (what Gmail, Outlook and Apple Mail all keep): at most 600 px wide
 * and fluid below, so it reads at 320 px; Outlook on Windows, which ignores max-width, gets a
 * fixed 600 px table through its conditional comment.
 */
function htmlOf(email: OutgoingEmail, letterhead: Letterhead, footer: string[], logo: InlineImage | null): string {
  const font = `font-family:${FONT};`;
  const cell = `${font}color:${INK};`;
  const palette = paletteOf(letterhead);
  const paragraph = paragraphOf(palette);
  // The accent's rule under the name: a border, which every mail app draws (Outlook too).
  const rule = palette.rule ? `padding-bottom:12px;border-bottom:3px solid ${palette.rule};` : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="x-apple-disable-message-reformatting">',
    `<title>${escapeHtml(email.subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background-color:#f1f3f5;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f1f3f5;">',
    '<tr><td align="center" style="padding:16px 8px;">',
    '<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:6px;">',
    `<tr><td style="padding:24px 24px 8px 24px;${cell}">`,
    ...(logo
      ? [
          `<img src="cid:${logo.cid}" alt="" height="48" style="display:block;height:48px;width:auto;max-width:100%;border:0;margin:0 0 12px 0;">`,
        ]
      : []),
    `<div style="font-size:20px;line-height:28px;font-weight:bold;${rule}">${escapeHtml(letterhead.name)}</div>`,
    '</td></tr>',
    `<tr><td style="padding:16px 24px 8px 24px;font-size:16px;line-height:24px;${cell}">`,
    ...(email.greeting ? [paragraph(email.greeting)] : []),
    ...email.paragraphs.map((text) => paragraph(text)),
    ...(email.action ? buttonOf(email.action, palette) : []),
    ...(email.closing ?? []).map((text) => paragraph(text)),
    '</td></tr>',
    `<tr><td style="padding:16px 24px 24px 24px;border-top:1px solid #e9ecef;font-size:13px;line-height:20px;${font}color:${MUTED};">`,
    ...footer.map((text) => paragraph(text, 'margin:0 0 8px 0;')),
    '</td></tr>',
    '</table>',
    '<!--[if mso]></td></tr></table><![endif]-->',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
    '',
  ].join(CRLF);
}

/** The email as a plain-text part and an HTML part from the same content, and the logo the HTML shows. */
export function layOutEmail(email: OutgoingEmail, letterhead: Letterhead): LaidOutEmail {
  const footer = footerOf(email, letterhead);
  const logo = letterhead.isFirm ? logoOf(letterhead.logo) : null;
  return { text: textOf(email, letterhead, footer), html: htmlOf(email, letterhead, footer, logo), logo };
}
