import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { journalEntryListQuerySchema, journalEntryPageSchema, trialBalanceQuerySchema, trialBalanceSchema } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, ok } from '../../lib/reply.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createAccountingService } from './accounting.service.ts';

const tags = ['Accounting'];
const base = '/api/admin/accounting';

/** The general ledger's reads (PRODUCT.md module 12; ADR 0020). Postings come only from the modules that move money. */
export function registerAccountingRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounting = createAccountingService(database);

  api.get(
    `${base}/get-trial-balance`,
    {
      config: { access: firmAccess('chartofAccount') },
      schema: {
        tags,
        summary:
          'Trial balance: every ledger account’s total debits, credits and balance (debit − credit) of entries dated on or ' +
          'before AsOfDate (all when left out), the totals and whether they agree',
        description:
          'Answers one trial balance per currency, the home currency’s first and at the top level, each listing the whole chart of ' +
          'accounts; currencies are never added together, and isBalanced is true only when every one balances.',
        querystring: trialBalanceQuerySchema,
        response: answers(trialBalanceSchema),
      },
    },
    async (request) => ok('Trial balance', await accounting.trialBalance(firmPrincipalOf(request), request.query)),
  );

  api.get(
    `${base}/get-journal-entries`,
    {
      config: { access: firmAccess('chartofAccount') },
      schema: {
        tags,
        summary:
          'Journal entries with their lines, newest posted first: filter by source (sourceType, sourceId) and entry date (FromDate, ToDate)',
        description:
          'Answers a page of the firm’s journal entries, each with its lines (debits first), its source and the entries reversing it ' +
          'or reversed by it; entries are never edited, only reversed.',
        querystring: journalEntryListQuerySchema,
        response: answers(journalEntryPageSchema),
      },
    },
    async (request) => ok('Journal entries', await accounting.journalEntries(firmPrincipalOf(request), request.query)),
  );
}
