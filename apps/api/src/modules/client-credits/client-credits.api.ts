import type { Tx } from '../../db/database.ts';
import { clientCreditMovements } from '../../db/schema/index.ts';

/**
 * The client-credits module's surface for other modules: a client's credit balance grows when a
 * credit note credits more than its invoice still owed (the invoice module posts the money to
 * unapplied cash in the same transaction and records the movement here).
 */
export type ClientCreditGain = {
  firmId: string;
  clientId: string;
  currencyCode: string;
  amount: string;
  movementDate: string;
  kind: 'credit-note' | 'overpayment';
  creditNoteId?: string | null;
  invoiceId?: string | null;
  reference?: string | null;
  journalEntryId: string | null;
  byUserId: string;
};

export async function recordClientCreditGain(tx: Tx, gain: ClientCreditGain): Promise<void> {
  await tx.insert(clientCreditMovements).values(gain);
}
