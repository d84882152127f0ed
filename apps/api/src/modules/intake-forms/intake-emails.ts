import type { Tx } from '../../db/database.ts';
import { unlinkable } from '../../lib/outgoing-email.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { recordLeadEvent, type LeadDetails } from '../leads/leads.api.ts';
import { findUserEmail, type FormRow } from './intake-forms.repository.ts';

/** Anything like a link or an address: never repeated to an address nobody has confirmed. */
const LINK_LIKE = /[@<>]|:\/\/|www\.|\.[a-z]{2,}\b/i;

/**
 * The confirmation goes to whatever email the visitor typed, so only a short, name-like first name
 * is repeated in it: the public form must not carry a stranger's text (a link, an advert) to anyone.
 */
export function confirmationGreetingOf(details: Pick<LeadDetails, 'leadType' | 'firstName'>): string {
  const name = details.leadType === 'individual' ? (details.firstName?.trim() ?? '') : '';
  return name && name.length <= 40 && !LINK_LIKE.test(name) ? `Dear ${name},` : 'Hello,';
}

/**
 * A submission's two emails, queued in the transaction that makes the lead (sent after it commits):
 * the visitor's confirmation with the form's thank-you text, and the assignee's notice with a link
 * to the lead. Each is on the lead's timeline.
 */
export async function queueSubmissionEmails(
  tx: Tx,
  deps: { outbox: Outbox; appUrl: string },
  input: { firm: { id: string; name: string }; form: FormRow; leadId: string; details: LeadDetails },
): Promise<void> {
  const { firm, form, leadId, details } = input;
  const firmId = firm.id;
  if (details.email) {
    const subject = `We received your enquiry – ${firm.name}`;
    await deps.outbox.queue(tx, firmId, {
      to: details.email,
      subject,
      sender: 'firm',
      greeting: confirmationGreetingOf(details),
      paragraphs: [form.thankYouText, 'We will be in touch with you soon. You do not need to send your enquiry again.'],
      why: `you sent an enquiry through ${firm.name}’s form “${form.name}”`,
    });
    await recordLeadEvent(tx, firmId, leadId, {
      kind: 'emailSent',
      summary: `Confirmation emailed to ${details.email}`,
      body: subject,
      actorUserId: null,
    });
  }
  const assignee = await findUserEmail(tx, firmId, form.assigneeUserId);
  if (assignee?.isActive) {
    const subject = `New lead: ${details.displayName}`;
    // The name and the story are the visitor's words: a web address typed in them is never a link to click.
    await deps.outbox.queue(tx, firmId, {
      to: assignee.email,
      subject: unlinkable(subject),
      sender: 'firm',
      greeting: `Dear ${assignee.name},`,
      paragraphs: [
        `${unlinkable(details.displayName)} sent an enquiry through the form “${form.name}”.`,
        ...(details.matterDescription ? [unlinkable(details.matterDescription)] : []),
      ],
      action: { label: 'Open the lead', url: `${deps.appUrl.replace(/\/$/, '')}/leads/${leadId}` },
      why: `leads from the form “${form.name}” are assigned to you`,
    });
    await recordLeadEvent(tx, firmId, leadId, {
      kind: 'emailSent',
      summary: `Notice emailed to ${assignee.name}`,
      body: subject,
      actorUserId: null,
    });
  }
}
