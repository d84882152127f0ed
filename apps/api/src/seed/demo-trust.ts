import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { invoiceMatters, invoices, matters } from '../db/schema/index.ts';
import { createTrustMovementService } from '../modules/trust/trust-movements.service.ts';
import { createTrustService } from '../modules/trust/trust.service.ts';
import { createTrustRequestService } from '../modules/trust-requests/trust-requests.service.ts';
import { droppingOutbox } from '../platform/outbox/outbox.ts';
import { seedPrincipalOf, type SeededFirm } from './seeded-firm.ts';

const daysAgo = (days: number) => {
  const moment = new Date();
  moment.setUTCDate(moment.getUTCDate() - days);
  return moment.toISOString().slice(0, 10);
};

/**
 * The demo firm's client money, recorded through the trust services as the app records it: a trust
 * account, retainers on three matters, a filing-fee disbursement, a transfer, a cheque not yet
 * cleared, part of the partly paid invoice paid from trust, a disbursement above the two-person
 * threshold waiting for approval, an evergreen minimum on one matter, a retainer request drafted
 * for a new matter (the firm sends it; the seed sends no email), and one sent to the portal's demo
 * client, Kemi, for her to pay from the portal's Trust tab.
 */
export async function seedDemoTrust(database: Database, firm: SeededFirm): Promise<void> {
  const principal = seedPrincipalOf(firm);
  const billing = seedPrincipalOf(firm, 'billing', ['trustAccountRequest', 'trustAccountRequest.create']);
  const trust = createTrustService(database);
  const movements = createTrustMovementService(database);

  const account = await trust.createAccount(principal, {
    name: 'Client Trust Account',
    bankName: 'Zenith Bank',
    accountNumber: '1012345678',
    currencyCode: null,
    paymentInstructions: 'Zenith Bank · Adebayo & Partners Client Trust Account · 1012345678. Quote your matter number.',
  });
  await trust.updateSettings(principal, {
    approvalThreshold: '5000000.00',
    requireRequestApproval: false,
    cashReviewThreshold: '5000000.00',
  });

  const { partlyPaid, matterRows } = await database.withFirm(firm.firmId, async (tx) => ({
    partlyPaid: (
      await tx
        .select({ id: invoices.id, clientId: invoices.clientId, balanceDue: invoices.balanceDue, matterId: invoiceMatters.matterId })
        .from(invoices)
        .leftJoin(invoiceMatters, and(eq(invoiceMatters.invoiceId, invoices.id), eq(invoiceMatters.firmId, invoices.firmId)))
        .where(and(eq(invoices.firmId, firm.firmId), eq(invoices.status, 'PartlyPaid')))
        .limit(1)
    )[0],
    matterRows: await tx
      .select({ id: matters.id, clientId: matters.clientId, status: matters.status })
      .from(matters)
      .where(inArray(matters.id, firm.matterIds)),
  }));
  const open = matterRows.filter((matter) => matter.status === 'Open');
  const deposit = (
    matter: { id: string; clientId: string },
    amount: string,
    days: number,
    extra: { method?: 'Bank transfer' | 'Cheque' | 'Cash'; isCleared?: boolean; reference?: string } = {},
  ) =>
    movements.deposit(principal, {
      trustAccountId: account.id,
      clientId: matter.clientId,
      matterId: matter.id,
      amount,
      depositDate: daysAgo(days),
      method: extra.method ?? 'Bank transfer',
      reference: extra.reference ?? `NIP/${days}`,
      payer: null,
      isCleared: extra.isCleared ?? true,
      trustRequestId: null,
    });

  const [first, second, third] = open;
  if (first) {
    await deposit(first, '2500000.00', 40, { reference: 'NIP/RETAINER/001' });
    await movements.disburse(principal, {
      trustAccountId: account.id,
      clientId: first.clientId,
      matterId: first.id,
      amount: '150000.00',
      date: daysAgo(30),
      payee: 'Federal High Court, Lagos',
      purpose: 'Filing fees for the originating summons',
      method: 'Bank transfer',
      reference: 'FHC/REMITA/4471',
    });
    await trust.setMatterMinimum(principal, first.id, '500000.00');
  }
  if (second) {
    await deposit(second, '8000000.00', 35, { reference: 'NIP/RETAINER/002' });
    await deposit(second, '750000.00', 2, { method: 'Cheque', isCleared: false, reference: 'CHQ 004512' });
    // Above the firm's threshold: waits for a second person (the billing clerk asks; an administrator approves).
    await movements.disburse(billing, {
      trustAccountId: account.id,
      clientId: second.clientId,
      matterId: second.id,
      amount: '6000000.00',
      date: daysAgo(1),
      payee: 'Lagos State Lands Registry',
      purpose: 'Consent fee and stamp duties on the assignment',
      method: 'Bank transfer',
      reference: null,
    });
  }
  if (first && third && third.clientId !== first.clientId) {
    await deposit(third, '400000.00', 20, { reference: 'NIP/RETAINER/003' });
  }
  const fourth = open[3] ?? third;
  if (fourth) {
    await createTrustRequestService({ database, outbox: droppingOutbox, appUrl: '' }).create(principal, {
      trustAccountId: account.id,
      clientId: fourth.clientId,
      matterId: fourth.id,
      amount: '1500000.00',
      dueDate: daysAgo(-14),
      note: 'Retainer for the next stage: pre-trial conference and witness statements.',
    });
  }
  const kemisMatter = open.find((matter) => matter.clientId === firm.portalClient.clientId);
  if (kemisMatter) {
    // Sent as the app sends it; the e-mail itself is dropped (the demo client reads it in the portal).
    const requests = createTrustRequestService({ database, outbox: droppingOutbox, appUrl: '' });
    const created = await requests.create(principal, {
      trustAccountId: account.id,
      clientId: kemisMatter.clientId,
      matterId: kemisMatter.id,
      amount: '750000.00',
      dueDate: daysAgo(-10),
      note: 'Further retainer: expert valuation report and the hearing of the motion.',
    });
    await requests.send(principal, created.id, { toEmail: null, message: null });
  }
  if (partlyPaid) {
    const matter = open.find((candidate) => candidate.id === partlyPaid.matterId) ?? {
      id: partlyPaid.matterId!,
      clientId: partlyPaid.clientId,
    };
    if (matter.id) {
      await deposit(matter, '1000000.00', 10, { reference: 'NIP/RETAINER/004' });
      const half = (BigInt(partlyPaid.balanceDue.replace('.', '')) / 2n).toString().padStart(3, '0');
      await movements.payInvoice(principal, {
        trustAccountId: account.id,
        invoiceId: partlyPaid.id,
        amount: `${half.slice(0, -2)}.${half.slice(-2)}`,
        date: daysAgo(1),
        matterId: matter.id,
        reference: null,
      });
    }
  }
}
