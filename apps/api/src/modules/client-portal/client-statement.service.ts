import type { PortalStatement, PortalStatementQuery } from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { PortalPrincipal } from '../../plugins/route-access.ts';
import { findClientAccountMovements, type ClientAccountMovementRow } from '../invoices/invoices.api.ts';
import { findClientTrustMovements } from '../trust/trust.api.ts';
import { findStatementHeading } from './client-portal.repository.ts';
import { buildStatementSections, type StatementMovement } from './client-statement.rules.ts';
import { buildClientStatementPdf } from './client-statement-pdf.ts';
import { movementDescription } from './portal-words.ts';

/** An invoice movement in the client's words. */
function invoiceDescription(row: ClientAccountMovementRow): string {
  const invoice = row.invoiceNumber ?? 'an invoice';
  switch (row.kind) {
    case 'invoice':
      return `Invoice ${invoice}`;
    case 'payment':
      return `Payment on invoice ${invoice}`;
    case 'paymentReversal':
      return `Payment on invoice ${invoice} reversed`;
    case 'writeOff':
      return `Written off on invoice ${invoice}`;
    case 'creditNote':
      return `Credit note ${row.receiptNumber ?? ''} on invoice ${invoice}`;
    case 'void':
      return `Invoice ${invoice} cancelled`;
  }
}

/**
 * The most movements of each kind a statement reads. Its running balances start from the first
 * movement ever recorded, so a longer history is refused in words rather than summed in part.
 */
const MOST_MOVEMENTS = 20_000;
const TOO_LONG = 'This statement of account is too long to show here: please ask your firm for it';

/**
 * The client's statement of account: the invoices sent to them, their payments, write-offs and
 * voids (as the invoices module records them) and their trust movements (as the trust module
 * records them), in one read-only transaction so both sides are of the same moment.
 */
export function createClientStatementService(database: Database) {
  const statement = (principal: PortalPrincipal, query: PortalStatementQuery): Promise<PortalStatement> =>
    database.withFirm(
      principal.firmId,
      async (tx) => {
        const { firmId, clientId } = principal;
        const heading = await findStatementHeading(tx, firmId, clientId);
        if (!heading) throw notFound('Client');
        const invoiceRows = await findClientAccountMovements(tx, firmId, clientId, MOST_MOVEMENTS + 1);
        const trustRows = await findClientTrustMovements(tx, firmId, clientId, MOST_MOVEMENTS + 1);
        if (invoiceRows.length > MOST_MOVEMENTS || trustRows.length > MOST_MOVEMENTS) throw badRequest(TOO_LONG);
        const invoiceMovements: StatementMovement[] = invoiceRows.map((row) => ({
          date: row.date,
          recordedAt: row.recordedAt,
          account: 'invoices',
          description: invoiceDescription(row),
          reference: row.receiptNumber ?? row.invoiceNumber,
          matterName: row.matterName,
          amount: row.amount,
          currencyCode: row.currencyCode,
          currencySymbol: row.currencySymbol,
        }));
        const trustMovements: StatementMovement[] = trustRows.map((row) => ({
          date: row.date,
          recordedAt: row.createdAt,
          account: 'trust',
          description: movementDescription(row),
          reference: row.number,
          matterName: row.matterName,
          amount: row.signedAmount,
          currencyCode: row.currencyCode,
          currencySymbol: row.currencySymbol,
        }));
        const fromDate = query.FromDate ?? null;
        // Without a to date, everything recorded counts (a payment dated ahead included), so the
        // closing balances are the invoices' and the ledgers' balances now.
        const lastDay = query.ToDate ?? '9999-12-31';
        return {
          clientName: heading.clientName,
          firmName: heading.firmName,
          fromDate,
          toDate: query.ToDate ?? heading.today,
          sections: buildStatementSections([...invoiceMovements, ...trustMovements], { fromDate, toDate: lastDay }),
        };
      },
      READ_ONLY,
    );

  return {
    statement,

    /** The same statement as a PDF the client can file. */
    async pdf(principal: PortalPrincipal, query: PortalStatementQuery) {
      const answer = await statement(principal, query);
      const pdf = await buildClientStatementPdf(answer);
      return { pdf, fileName: `statement-of-account-${answer.toDate}.pdf` };
    },
  };
}
export type ClientStatementService = ReturnType<typeof createClientStatementService>;
