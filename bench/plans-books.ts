import { balanceSheetQuerySchema, generalLedgerQuerySchema, profitAndLossQuerySchema } from '@matterhorn/shared';
import { createAccountingService } from '../apps/api/src/modules/accounting/accounting.service.ts';
import { createGeneralLedgerService } from '../apps/api/src/modules/accounting/general-ledger.service.ts';
import { createStatementService } from '../apps/api/src/modules/accounting/statements.service.ts';
import { BOOKS_GENERATE_OPTIONS } from './generate.ts';
import { explainShapes, runMain, type Shape } from './plans-shared.ts';

/**
 * `npm run plans:books -w bench`: the plans of the statements' and the general ledger's statements at
 * the books scale (1,000,000 journal lines), from the services' own calls (see plans-shared.ts): the
 * trial balance, last year's profit and loss on both bases, the balance sheet, and the operating bank
 * account's ledger (its first page, page 1,189 (a quarter in) and last year's first page). BENCH_PLAN_DB=<name>
 * reuses a database a bench run kept (BENCH_REUSE_DATABASE=1 BENCH_DATABASE_NAME=<name>).
 */

type Facts = { firmId: string; adminId: string; bankId: string };

function shapes(facts: Facts): Shape[] {
  const year = new Date().getUTCFullYear() - 1;
  const lastYear = { FromDate: `${year}-01-01`, ToDate: `${year}-12-31` };
  const ledger = (query: Record<string, string>) =>
    generalLedgerQuerySchema.parse({ AccountId: facts.bankId, size: '50', page: '1', ...query });
  return [
    { name: 'trial balance', run: (database, principal) => createAccountingService(database).trialBalance(principal, {}) },
    {
      name: `profit and loss ${year}, accrual`,
      run: (database, principal) =>
        createStatementService(database).profitAndLoss(principal, profitAndLossQuerySchema.parse({ ...lastYear, Basis: 'accrual' })),
    },
    {
      name: `profit and loss ${year}, cash`,
      run: (database, principal) =>
        createStatementService(database).profitAndLoss(principal, profitAndLossQuerySchema.parse({ ...lastYear, Basis: 'cash' })),
    },
    {
      name: 'balance sheet',
      run: (database, principal) => createStatementService(database).balanceSheet(principal, balanceSheetQuerySchema.parse({})),
    },
    { name: 'ledger: bank, page 1', run: (database, principal) => createGeneralLedgerService(database).page(principal, ledger({})) },
    {
      name: 'ledger: bank, page 1,189',
      run: (database, principal) => createGeneralLedgerService(database).page(principal, ledger({ page: '1189' })),
    },
    {
      name: `ledger: bank, ${year}, page 1`,
      run: (database, principal) => createGeneralLedgerService(database).page(principal, ledger(lastYear)),
    },
  ];
}

runMain(() =>
  explainShapes<Facts>({
    database: 'matterhorn_bench_plans_books',
    generate: BOOKS_GENERATE_OPTIONS,
    facts: `select u.firm_id as "firmId", u.id as "adminId", a.id as "bankId"
      from users u join ledger_accounts a on a.firm_id = u.firm_id and a.code = 'operating-bank'
      where u.email = 'admin@firm0.bench.law'`,
    shapes,
  }),
);
