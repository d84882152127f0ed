import { READ_ONLY, type Database } from '../../db/database.ts';
import { layOutEmail, type Letterhead } from '../../lib/email-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import type { EmailContent } from './outbox.ts';
import { findFirmLetterhead, findUserName, type FirmLetterhead } from './outbox.repository.ts';

const MATTERHORN: Letterhead = { name: 'Matterhorn', isFirm: false, logo: null, replyTo: null, sentBy: null };

/** A `mailto:` List-Unsubscribe: the firm sets reminders for everyone, so stopping one person's is asking the firm. */
const unsubscribeOf = (address: string) =>
  `mailto:${encodeURIComponent(address).replace(/%40/g, '@')}?subject=${encodeURIComponent('Stop these reminders')}`;

/**
 * Lays out one firm's emails as they are sent: its name, logo and address are read once per
 * delivery run, so a firm that changes its logo sends the new one from then on.
 */
export function createEmailComposer(database: Database, firmId: string) {
  let firm: Promise<FirmLetterhead | null> | undefined;
  const names = new Map<string, Promise<string | null>>();
  const nameOf = (userId: string) => {
    if (!names.has(userId))
      names.set(
        userId,
        database.withFirm(firmId, (tx) => findUserName(tx, firmId, userId), READ_ONLY),
      );
    return names.get(userId)!;
  };

  async function letterheadOf(content: EmailContent): Promise<Letterhead> {
    if (content.sender === 'matterhorn') return MATTERHORN;
    firm ??= database.withFirm(firmId, (tx) => findFirmLetterhead(tx, firmId), READ_ONLY);
    const found = await firm;
    return {
      name: found?.name ?? 'Your law firm',
      isFirm: true,
      logo: found?.logo ?? null,
      // The invoice appearance's accent: the firm's colour on every email it sends, as on its bills.
      accentColour: found?.accentColour ?? null,
      replyTo: found?.address ?? null,
      sentBy: content.sentByUserId ? await nameOf(content.sentByUserId) : null,
    };
  }

  return async (to: string, subject: string, content: EmailContent): Promise<MailMessage> => {
    const letterhead = await letterheadOf(content);
    const { text, html, logo } = layOutEmail({ ...content, to, subject }, letterhead);
    return {
      to,
      subject,
      text,
      html,
      ...(letterhead.replyTo ? { replyTo: letterhead.replyTo } : {}),
      ...(content.isReminder && letterhead.replyTo ? { unsubscribe: unsubscribeOf(letterhead.replyTo) } : {}),
      ...(content.action ? { link: content.action.url } : {}),
      ...(content.attachments?.length ? { attachments: content.attachments } : {}),
      ...(logo ? { inlineImages: [logo] } : {}),
    };
  };
}
