import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountingContracts as contracts,
  JOURNAL_ATTACHMENT_MAX_BYTES,
  journalAttachmentFilePath,
  journalAttachmentParamsSchema,
} from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { answers, created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { sendFile, uploadOf, uploadSpec } from '../../platform/files/multipart-upload.ts';
import type { VirusScanner } from '../../platform/scanning/clamd.ts';
import { createAccountingService } from './accounting.service.ts';
import { registerBankAccountRoutes } from './bank-accounts.routes.ts';
import { createJournalAttachmentService } from './journal-attachments.service.ts';
import { registerTaxRoutes } from './tax.routes.ts';
import { createChartOfAccountsService } from './chart-of-accounts.service.ts';
import { createGeneralLedgerService } from './general-ledger.service.ts';
import { createBudgetService } from './budgets.service.ts';
import { createJournalEntryService } from './journal-entries.service.ts';
import {
  balanceSheetCsv,
  balanceSheetPdf,
  profitAndLossCsv,
  profitAndLossPdf,
  trialBalanceCsv,
  trialBalancePdf,
} from './statement-documents.ts';
import { createStatementService } from './statements.service.ts';

const tags = ['Accounting'];

/** A statement as the format asked for: the envelope (JSON), or a CSV or PDF file to download. */
async function sendStatement<T extends { firmName: string }>(
  reply: FastifyReply,
  format: 'json' | 'csv' | 'pdf' | undefined,
  file: { name: string; message: string },
  statement: T,
  documents: { csv: (statement: T) => string; pdf: (statement: T) => Promise<Buffer> },
) {
  if (format === 'csv')
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}.csv"`)
      .send(documents.csv(statement));
  if (format === 'pdf')
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.name}.pdf"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(await documents.pdf(statement));
  const { firmName: _firmName, ...data } = statement;
  return ok(file.message, data);
}

export type AccountingRouteDeps = { database: Database; files: FileStore; scanner: VirusScanner | null };

/**
 * The firm's books (PRODUCT.md module 12; ADRs 0020, 0046, 0048 and 0049): chart, manual journals and their
 * attachments, general ledger, statements, budgets, bank accounts, tax rates and the VAT return.
 */
export function registerAccountingRoutes(app: FastifyInstance, { database, files, scanner }: AccountingRouteDeps) {
  const route = contractRoutes(app, tags);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const accounting = createAccountingService(database);
  const chart = createChartOfAccountsService(database);
  const journals = createJournalEntryService(database);
  const ledger = createGeneralLedgerService(database);
  const statements = createStatementService(database);
  const budgets = createBudgetService(database);

  route(
    contracts.trialBalance,
    {
      access: firmAccess('chartofAccount'),
      summary:
        'Trial balance: every ledger account’s total debits, credits and balance (debit − credit) of entries dated on or ' +
        'before AsOfDate (all when left out), the totals and whether they agree',
      description:
        'Answers one trial balance per currency, the home currency’s first and at the top level, each listing the whole chart of ' +
        'accounts by number; currencies are never added together, and isBalanced is true only when every one balances. With the ' +
        'basis in words and the books’ tie-outs (accounts receivable = Σ open invoices; client trust liability = Σ client trust ' +
        'ledgers = trust bank) as pass/fail lines. format=csv answers text/csv, format=pdf application/pdf.',
    },
    async (request, reply) => {
      const statement = await accounting.trialBalance(firmPrincipalOf(request), request.query);
      const name = `trial-balance${statement.asOfDate ? `-${statement.asOfDate}` : ''}`;
      return sendStatement(reply, request.query.format, { name, message: 'Trial balance' }, statement, {
        csv: trialBalanceCsv,
        pdf: trialBalancePdf,
      });
    },
  );

  route(
    contracts.journalEntries,
    {
      access: firmAccess('chartofAccount'),
      summary:
        'Journal entries with their lines, newest posted first: filter by source (sourceType, sourceId) and entry date (FromDate, ToDate)',
      description:
        'Answers a page of the firm’s journal entries, each with its lines (debits first), its source and the entries reversing it ' +
        'or reversed by it; entries are never edited, only reversed.',
    },
    async (request) => ok('Journal entries', await accounting.journalEntries(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.chartOfAccounts,
    {
      access: firmAccess('chartofAccount'),
      summary:
        'The chart of accounts: every account by number with its type, parent, status and whether it is a system account; format=csv answers text/csv',
      description:
        'Answers the firm’s whole chart of accounts by number: system accounts (with the code the modules post to) and the firm’s own, ' +
        'with their sub-accounts’ parents, whether each is active and whether it has entries. format=csv answers the chart as a CSV ' +
        'file with the columns import-chart-of-accounts reads.',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (request.query.format !== 'csv') return ok('Chart of accounts', await chart.chart(principal));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="chart-of-accounts.csv"')
        .send(await chart.csv(principal));
    },
  );

  route(
    contracts.createAccount,
    {
      access: firmAccess('chartofAccount.create'),
      summary: 'Add an account or sub-account to the chart',
      description:
        'Adds one of the firm’s own accounts (a 4-digit number unique in the chart, name, type, optional top-level parent of the same ' +
        'type, description) and answers it. Refused with 409 when the number is taken, 400 when the parent is missing, nested or of another type.',
    },
    async (request, reply) => created(reply, 'Account added', await chart.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.updateAccount,
    {
      access: firmAccess('chartofAccount.edit'),
      summary: 'Rename, renumber, move, describe, deactivate or reactivate an account',
      description:
        'Replaces the account’s number, name, type, parent, description and active flag and answers it. A system account keeps its ' +
        'type and stays active (400); a taken number is 409; another firm’s account is 404.',
    },
    async (request) => ok('Account saved', await chart.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.deleteAccount,
    {
      access: firmAccess('chartofAccount.delete'),
      summary: 'Delete one of the firm’s own accounts that has no entries and no sub-accounts',
      description:
        'Deletes the account. Refused with 409 for a system account, an account with journal entries (deactivate it instead) or one ' +
        'with sub-accounts; another firm’s account is 404.',
    },
    async (request) => {
      await chart.remove(firmPrincipalOf(request), request.params.id);
      return ok('Account deleted', null);
    },
  );

  route(
    contracts.importChartOfAccounts,
    {
      access: firmAccess('chartofAccount.create', 'chartofAccount.edit'),
      summary: 'Import the chart of accounts from CSV: new numbers are added, known numbers updated',
      description:
        'Reads a CSV file with the export’s columns (Number, Name, Type, Parent number, Description, Active); each row adds an account ' +
        'whose number is new or changes the account with that number, under the same rules as one by one. All or nothing: a 400 names ' +
        'the bad rows. Answers how many were added, changed and left as they were.',
    },
    async (request) => ok('Chart of accounts imported', await chart.importCsv(firmPrincipalOf(request), request.body.csv)),
  );

  route(
    contracts.createJournalEntry,
    {
      access: firmAccess('journalEntry.create'),
      summary: 'Post a manual journal entry: date, reference, memo and two or more lines balanced in each currency',
      description:
        'Posts the entry (source type manual) and answers it with its lines. Refused with 400 when it does not balance in a currency, ' +
        'a line has both or neither side, or a line posts to an account a module keeps (accounts receivable, client trust bank, client ' +
        'trust liability, unapplied client payments) or a deactivated one; 404 when an account is not the firm’s.',
    },
    async (request, reply) => created(reply, 'Journal entry posted', await journals.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.reverseJournalEntry,
    {
      access: firmAccess('journalEntry.create'),
      summary: 'Reverse a manual journal entry: post its mirror, linked both ways (entries are never edited)',
      description:
        'Posts a new entry with each line’s debit and credit swapped, dated entryDate (today by default), and answers it; the original ' +
        'then names it as reversedByEntryId. Refused with 409 when the entry is already reversed, is itself a reversal or was posted by ' +
        'a module; 404 when it is not the firm’s.',
    },
    async (request, reply) =>
      created(reply, 'Journal entry reversed', await journals.reverse(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.generalLedger,
    {
      access: firmAccess('chartofAccount'),
      summary:
        'General ledger of one account: its lines with running balances per currency, filtered by dates, client, matter and source; format=csv answers text/csv',
      description:
        'Answers the account’s opening balance before FromDate, debits, credits and closing balance per currency, and a page of its ' +
        'lines by date, each with its entry’s source (type and id, to open the invoice, payment, expense, trust movement or journal) ' +
        'and the running balance in its currency. format=csv answers every line of the range as a CSV file, format=pdf as a PDF ' +
        '(one table per currency from its opening to its closing balance).',
    },
    async (request, reply) => {
      const principal = firmPrincipalOf(request);
      if (request.query.format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="general-ledger.csv"')
          .send(await ledger.csv(principal, request.query));
      if (request.query.format === 'pdf')
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', 'attachment; filename="general-ledger.pdf"')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(await ledger.pdf(principal, request.query));
      return ok('General ledger', await ledger.page(principal, request.query));
    },
  );

  route(
    contracts.profitAndLoss,
    {
      access: firmAccess('chartofAccount'),
      summary:
        'Profit and loss for a period, on the accrual or cash basis, with a comparison column (previous period, last year or budget) and variance; format=csv or pdf for a file',
      description:
        'Answers per currency (the home currency first; never two added together) the income and expense accounts by number with ' +
        'their sub-accounts and totals, and net income; the basis in words; with Compare, each figure’s comparison, variance and ' +
        'variance % (the budget compares in the currency it is kept in); and the books’ tie-outs as pass/fail lines. FromDate ' +
        'defaults to the start of the fiscal year ToDate (default today) falls in. 400 when FromDate is after ToDate. format=csv ' +
        'answers text/csv, format=pdf application/pdf.',
    },
    async (request, reply) => {
      const statement = await statements.profitAndLoss(firmPrincipalOf(request), request.query);
      const name = `profit-and-loss-${statement.fromDate}-to-${statement.toDate}`;
      return sendStatement(reply, request.query.format, { name, message: 'Profit and loss' }, statement, {
        csv: profitAndLossCsv,
        pdf: profitAndLossPdf,
      });
    },
  );

  route(
    contracts.balanceSheet,
    {
      access: firmAccess('chartofAccount'),
      summary:
        'Balance sheet as of a date: assets, liabilities and equity with current year net income and retained earnings worked out, client money in trust apart; format=csv or pdf for a file',
      description:
        'Answers per currency the firm’s own assets and liabilities, equity (its accounts, then retained earnings — every earlier ' +
        'fiscal year’s net income, rolled forward without a closing entry — and current year net income from the fiscal year’s ' +
        'start), and client money held in trust (trust bank and client trust liability) apart from the firm’s own; isBalanced; ' +
        'an optional comparison a year earlier; and the books’ tie-outs. AsOfDate defaults to today. format=csv answers text/csv, ' +
        'format=pdf application/pdf.',
    },
    async (request, reply) => {
      const statement = await statements.balanceSheet(firmPrincipalOf(request), request.query);
      return sendStatement(
        reply,
        request.query.format,
        { name: `balance-sheet-${statement.asOfDate}`, message: 'Balance sheet' },
        statement,
        { csv: balanceSheetCsv, pdf: balanceSheetPdf },
      );
    },
  );

  const attachmentUpload = uploadSpec({
    maxBytes: JOURNAL_ATTACHMENT_MAX_BYTES,
    what: 'An attachment',
    fields: z.object({}),
    names: [],
    noFile: 'Choose a file to attach',
    notMultipart: 'Send the attachment as multipart/form-data',
    fallbackName: 'attachment',
  });
  const attachments = createJournalAttachmentService({ database, files, scanner });

  // Registered by hand from its contract: its multipart body is declared by `consumes`, which a contract cannot carry.
  const addAttachment = contracts.addJournalAttachment;
  api.route({
    method: addAttachment.method,
    url: addAttachment.path,
    config: { access: firmAccess('journalEntry.create'), upload: attachmentUpload },
    schema: {
      tags,
      summary:
        'Attach evidence to a journal entry (multipart/form-data, one file): PDF, JPEG, PNG or HEIC by its content, at most 10 MB; ' +
        '415 for another type, 413 when larger',
      description:
        'Stores the file (virus-scanned first when the install has a scanner: 422 when refused, 503 when it cannot be reached) and ' +
        'answers the entry with its attachments. The entry itself never changes; evidence may be attached to any entry, of any ' +
        'source, at any time, and is never removed. 404 for an entry the firm does not have.',
      consumes: ['multipart/form-data'],
      params: addAttachment.params,
      response: answers(addAttachment.response, addAttachment.status),
    },
    handler: async (request, reply) => {
      const entry = await attachments.attach(firmPrincipalOf(request), request.params.id, uploadOf(request, attachmentUpload).upload);
      return created(reply, 'Attachment added', entry);
    },
  });

  // The file itself, not the envelope: no contract, only the path the contracts share.
  api.get(
    journalAttachmentFilePath.path,
    {
      config: { access: firmAccess('chartofAccount') },
      schema: {
        tags,
        summary: 'A journal attachment’s file, as a download (members who may read the books)',
        description:
          'Answers the attachment’s bytes with its content type as a download (not the JSON envelope). 404 for an attachment that is not this entry’s.',
        params: journalAttachmentParamsSchema,
        produces: ['application/octet-stream'],
      },
    },
    async (request, reply) => {
      const attachment = await attachments.open(firmPrincipalOf(request), request.params.id, request.params.attachmentId);
      return sendFile(reply, { ...attachment, sizeBytes: Number(attachment.sizeBytes) });
    },
  );

  registerBankAccountRoutes(app, database);
  registerTaxRoutes(app, database);
  route(
    contracts.budget,
    {
      access: firmAccess('budget'),
      summary:
        'A fiscal year’s firm budget: an amount per income and expense account per month; CopyFrom=lastYearActuals to start from last year',
      description:
        'Answers the fiscal year’s twelve months and every active income and expense account with its saved amounts (zeros when ' +
        'nothing is saved), the monthly totals and the years that have a budget. With CopyFrom=lastYearActuals it answers instead ' +
        'the previous fiscal year’s actual figures month by month (accrual basis, home currency), as a grid to edit and save; ' +
        'nothing is saved by reading it.',
    },
    async (request) => ok('Budget', await budgets.view(firmPrincipalOf(request), request.query)),
  );

  route(
    contracts.saveBudget,
    {
      access: firmAccess('budget'),
      summary: 'Save a fiscal year’s whole budget grid, replacing the one saved before',
      description:
        'Saves twelve monthly amounts (exact decimals) per income or expense account for the fiscal year, in the home currency, and ' +
        'answers the saved budget; accounts left out have none. A year without a budget needs budget.create, a saved one ' +
        'budget.edit (403). 400 names a line whose account is not an income or expense account or is listed twice; an account that ' +
        'is not the firm’s is 404; nothing is written unless all is.',
    },
    async (request) => ok('Budget saved', await budgets.save(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.deleteBudget,
    {
      access: firmAccess('budget.delete'),
      summary: 'Delete a fiscal year’s firm budget',
      description: 'Deletes the year’s budget and all its amounts; 404 when the year has none.',
    },
    async (request) => {
      await budgets.remove(firmPrincipalOf(request), request.params.fiscalYear);
      return ok('Budget deleted', null);
    },
  );
}
