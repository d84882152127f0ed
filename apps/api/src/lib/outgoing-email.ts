/** A file sent with an email (an invoice's PDF…). */
export type EmailAttachment = { filename: string; content: Buffer; contentType: string };

/** The button of an email: what it does, where it goes, and when it stops working, if it does. */
export type EmailAction = {
  label: string;
  url: string;
  /** Said under the button, as a sentence: "The link works once and expires in 1 hour." */
  expiry?: string;
};

/**
 * What a use case asks to send: the content only. The layout (email-layout.ts) lays it out as a
 * plain-text part and an HTML part, with the sender's name (and logo) on top and a footer saying
 * who sent it and why; the outbox's delivery adds the firm's name, logo and address when it sends.
 */
export type OutgoingEmail = {
  to: string;
  subject: string;
  /**
   * `firm`: on the firm's behalf — its name and logo on top, Reply-To its address. `matterhorn`:
   * the product's own account emails (sign-up, a team member's password), which carry no firm's
   * name: the name typed at sign-up is nobody's word yet.
   */
  sender: 'firm' | 'matterhorn';
  /** The team member whose act sends it (an invitation, an invoice): named in the footer. */
  sentByUserId?: string;
  greeting?: string;
  /** Paragraphs before the button; a line break inside one is kept. */
  paragraphs: string[];
  action?: EmailAction;
  /** Paragraphs after the button. */
  closing?: string[];
  /** Why the recipient gets it, a clause after "because": "invoice INV-00012 is addressed to you". */
  why: string;
  /** A reminder sent on a schedule (hearing reminders, the daily digest): it carries List-Unsubscribe. */
  isReminder?: boolean;
  attachments?: EmailAttachment[];
};

/** U+200B ZERO WIDTH SPACE: unseen, and no link detector reads an address across it. */
const ZERO_WIDTH_SPACE = '\u200B';

/**
 * A stranger's words in an email (a visitor's name or message), shown as typed but never a link:
 * neither by the layout (which links "http(s)://…" in a paragraph) nor by the mail app's own
 * detection (Gmail, Outlook and Apple Mail link "example.com" and "me@example.com"). A zero-width
 * space goes after each ".", "@", ":" and "/" that runs on into a letter, digit or "/". The HTML
 * escapes it as any text.
 */
export function unlinkable(text: string): string {
  return text.replace(/([.@:/])(?=[\p{L}\p{N}/])/gu, `$1${ZERO_WIDTH_SPACE}`);
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A link's lifetime as its email says it: "15 minutes", "1 hour", "48 hours", "7 days". */
export function lifetimeInWords(minutes: number): string {
  if (minutes % (24 * 60) === 0 && minutes > 48 * 60) return plural(minutes / (24 * 60), 'day');
  if (minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}
