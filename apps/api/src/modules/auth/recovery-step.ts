import type { Tx } from '../../db/database.ts';
import type { Outbox } from '../../platform/outbox/outbox.ts';
import { findUserTwoStep, forgetRememberedBrowsers } from './auth.repository.ts';
import { deletePasskeysOf } from './passkeys.repository.ts';

/**
 * What every recovery step does besides its own work (ADR 95): a password change or reset, an
 * email-change undo, signing out everywhere (the member's own or an administrator's) and an
 * administrator's two-step reset. Whoever held the member's session or password may have added a
 * passkey or had a browser remembered for the second step, and neither would end with the sessions:
 * every passkey is removed (Matterhorn cannot tell which one a thief added) and every remembered
 * browser asks for the second step again. The member is e-mailed when passkeys were removed, so
 * they add their own again; `isPasskeyNoticeSent` when the step's own email says so already.
 * Runs in the step's transaction, in the member's firm.
 */
export async function secureAccountAfterRecovery(
  tx: Tx,
  outbox: Outbox,
  member: { firmId: string; userId: string },
  step: { reason: string; appUrl: string; isPasskeyNoticeSent?: boolean },
): Promise<{ passkeysRemoved: number }> {
  const passkeysRemoved = await deletePasskeysOf(tx, member.firmId, member.userId);
  await forgetRememberedBrowsers(tx, member.firmId, member.userId, new Date());
  const found = passkeysRemoved > 0 && !step.isPasskeyNoticeSent ? await findUserTwoStep(tx, member.userId) : null;
  if (found) {
    const count = passkeysRemoved === 1 ? 'Your passkey no longer signs' : `Your ${passkeysRemoved} passkeys no longer sign`;
    await outbox.queue(tx, member.firmId, {
      to: found.email,
      subject: 'Your passkeys were removed',
      sender: 'matterhorn',
      greeting: `Dear ${found.name},`,
      paragraphs: [
        `${count} in to Matterhorn: ${step.reason}, so every passkey of your account was removed, in case someone else had added one.`,
        'Add your passkeys again under My account; you will be asked for your password.',
      ],
      action: { label: 'Open My account', url: `${step.appUrl}/settings/my-account` },
      why: 'the passkeys of your Matterhorn account were removed',
    });
  }
  return { passkeysRemoved };
}
