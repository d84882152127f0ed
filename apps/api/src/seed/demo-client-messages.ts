import { eq, sql } from 'drizzle-orm';
import { CLIENT_MESSAGE_TEMPLATE_DEFAULTS, renderClientMessage, type ClientMessageTemplateKey } from '@matterhorn/shared';
import type { Database } from '../db/database.ts';
import { clientContacts, clientMessages, clients, firms, matters, portalAccounts } from '../db/schema/index.ts';
import { createClientMessageSettings } from '../modules/client-messages/client-message-settings.service.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const DEMO_APP_URL = 'http://localhost:3000';

/**
 * SMS and WhatsApp client updates in the demo (ADR 90): the portal client takes updates by SMS
 * (recorded by the fee earner) and by WhatsApp (her own choice, on the portal), her colleague by
 * WhatsApp; the firm's own text for the new-message notice; and a log on her first matter with a
 * delivered hearing reminder, a failed invoice notice (Retry shows on it), an undelivered one and
 * one queued for its next attempt.
 */
export async function seedDemoClientMessages(database: Database, firm: SeededFirm): Promise<void> {
  const matterId = firm.matterIds[0];
  const clientId = firm.portalClient.clientId;
  if (!matterId) return;
  const settings = createClientMessageSettings(database);
  const feeEarner = seedPrincipalOf(firm, 'feeEarner');
  const { contactId, accountId, names } = await database.withFirm(firm.firmId, async (tx) => {
    const [contact] = await tx
      .insert(clientContacts)
      .values({ firmId: firm.firmId, clientId, name: 'Chidi Okonkwo', jobTitle: 'Personal assistant', phone: '0805 333 4444' })
      .returning({ id: clientContacts.id });
    const [account] = await tx.select({ id: portalAccounts.id }).from(portalAccounts).where(eq(portalAccounts.clientId, clientId));
    const [row] = await tx
      .select({ clientName: clients.displayName, matterName: matters.matterName, firmName: firms.name })
      .from(matters)
      .innerJoin(clients, eq(clients.id, matters.clientId))
      .innerJoin(firms, eq(firms.id, matters.firmId))
      .where(eq(matters.id, matterId));
    return { contactId: contact!.id, accountId: account?.id ?? null, names: row! };
  });
  await settings.setOptIns(feeEarner, { clientId, clientContactId: null, phoneNumber: '0803 111 2222', sms: true, whatsapp: false });
  await settings.setOptIns(feeEarner, { clientId, clientContactId: contactId, phoneNumber: '0805 333 4444', sms: false, whatsapp: true });
  if (accountId)
    await settings.setPortalOptIns(
      { kind: 'portal', sessionId: 'demo-seed', firmId: firm.firmId, clientId, portalAccountId: accountId, company: firm.slug },
      { phoneNumber: '0803 111 2222', sms: true, whatsapp: true },
    );
  await settings.saveTemplate(seedPrincipalOf(firm), {
    templateKey: 'portal-message',
    body: 'Hello {{clientName}}, {{firmName}} has left you a message about {{matterName}}. Read it in your portal: {{link}}',
  });

  const link = `${DEMO_APP_URL}/portal/${firm.slug}`;
  const bodyOf = (templateKey: ClientMessageTemplateKey, values: { date?: string; link?: string } = {}) =>
    renderClientMessage(CLIENT_MESSAGE_TEMPLATE_DEFAULTS[templateKey].body, {
      firmName: names.firmName,
      clientName: names.clientName,
      matterName: names.matterName,
      link,
      ...values,
    });
  const common = { firmId: firm.firmId, matterId, clientId, createdByUserId: firm.users.feeEarner.id };
  const toClient = { clientContactId: null, channel: 'sms', toNumber: '+2348031112222', provider: 'termii' } as const;
  const toContact = { clientContactId: contactId, channel: 'whatsapp', toNumber: '+2348053334444', provider: 'twilio' } as const;
  await database.withFirm(firm.firmId, (tx) =>
    tx.insert(clientMessages).values([
      {
        ...common,
        ...toClient,
        templateKey: 'hearing-reminder',
        eventKey: 'demo:hearing-reminder',
        body: bodyOf('hearing-reminder', { date: '12/12/2026' }),
        providerMessageId: 'demo-3017294381',
        status: 'delivered',
        attempts: 1,
        nextAttemptAt: null,
        createdAt: sql`now() - interval '2 days'`,
        sentAt: sql`now() - interval '2 days'`,
        statusAt: sql`now() - interval '2 days' + interval '40 seconds'`,
      },
      {
        ...common,
        ...toContact,
        templateKey: 'invoice-sent',
        eventKey: 'demo:invoice-sent',
        body: bodyOf('invoice-sent', { link: `${DEMO_APP_URL}/billing/invoice/demo` }),
        status: 'failed',
        attempts: 5,
        lastError: 'Twilio answered 503: Service unavailable',
        nextAttemptAt: null,
        createdAt: sql`now() - interval '1 day'`,
        statusAt: sql`now() - interval '1 day' + interval '31 minutes'`,
      },
      {
        ...common,
        ...toClient,
        templateKey: 'court-update-shared',
        eventKey: 'demo:court-update-shared',
        body: bodyOf('court-update-shared'),
        providerMessageId: 'demo-3017294522',
        status: 'undelivered',
        attempts: 1,
        lastError: 'DND Active on Phone Number',
        nextAttemptAt: null,
        createdAt: sql`now() - interval '20 hours'`,
        sentAt: sql`now() - interval '20 hours'`,
        statusAt: sql`now() - interval '20 hours' + interval '1 minute'`,
      },
      {
        ...common,
        ...toContact,
        templateKey: 'hearing-adjourned',
        eventKey: 'demo:hearing-adjourned',
        body: bodyOf('hearing-adjourned', { date: '12/12/2026' }),
        status: 'queued',
        attempts: 1,
        lastError: 'Twilio could not be reached: fetch failed',
        // Waits for its next attempt (a demo without a provider configured never hands it over).
        nextAttemptAt: sql`now() + interval '1 day'`,
        createdAt: sql`now() - interval '5 minutes'`,
      },
    ]),
  );
}
