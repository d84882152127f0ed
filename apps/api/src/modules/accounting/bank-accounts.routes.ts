import type { FastifyInstance } from 'fastify';
import { accountingContracts as contracts } from '@matterhorn/shared';
import type { Database } from '../../db/database.ts';
import { created, ok } from '../../lib/reply.ts';
import { contractRoutes } from '../../plugins/contract-route.ts';
import { firmAccess, firmPrincipalOf } from '../../plugins/route-access.ts';
import { createBankAccountService } from './bank-accounts.service.ts';

/** The firm's operating bank accounts (issue 36): each books to its own asset account; payments and expenses choose which. */
export function registerBankAccountRoutes(app: FastifyInstance, database: Database) {
  const route = contractRoutes(app, ['Accounting']);
  const banks = createBankAccountService(database);

  route(
    contracts.bankAccounts,
    {
      access: firmAccess('chartofAccount'),
      summary: 'The firm’s operating bank accounts: bank, masked number, currency, ledger account, balance, default and status',
      description:
        'Answers every bank account, active first, each with the ledger account it books to and that account’s balance in its currency, ' +
        'and the number of the system operating bank, where money in a currency without a default account is booked.',
    },
    async (request) => ok('Bank accounts', await banks.list(firmPrincipalOf(request))),
  );

  route(
    contracts.bankAccountOptions,
    {
      // Whoever records a payment or pays an expense picks the account: no books permission needed to see names and last digits.
      access: firmAccess(),
      summary: 'The bank accounts a payment or expense in one currency may go to (for a picker)',
      description:
        'Answers the active accounts holding CurrencyCode, the default first; while none of them is the default, the system operating ' +
        'bank (where the money then goes, id null) is offered first. A form shows a picker only when there are two or more.',
    },
    async (request) =>
      ok(
        'Bank account options',
        await banks.options(firmPrincipalOf(request), { currencyCode: request.query.CurrencyCode, expenseId: request.query.ExpenseId }),
      ),
  );

  route(
    contracts.createBankAccount,
    {
      access: firmAccess('chartofAccount.create'),
      summary: 'Add an operating bank account (a new sub-account of 1000 Operating bank, or an existing asset account)',
      description:
        'Adds the account with its bank, the last 4 digits of its number (the rest is never stored), its currency and its ledger ' +
        'account, and answers it; isDefault makes it where money in its currency goes when none is chosen. Refused with 409 when the ' +
        'ledger account or number is taken, 400 when the ledger account is not an active asset account free of any module.',
    },
    async (request, reply) => created(reply, 'Bank account added', await banks.create(firmPrincipalOf(request), request.body)),
  );

  route(
    contracts.updateBankAccount,
    {
      access: firmAccess('chartofAccount.edit'),
      summary: 'Rename a bank account, change its bank or number, make it the default, deactivate or reactivate it',
      description:
        'Saves the account (its currency and ledger account never change) and answers it. A deactivated account cannot be the ' +
        'default (400); another firm’s account is 404.',
    },
    async (request) => ok('Bank account saved', await banks.update(firmPrincipalOf(request), request.params.id, request.body)),
  );

  route(
    contracts.deactivateBankAccount,
    {
      access: firmAccess('chartofAccount.edit'),
      summary: 'Deactivate a bank account: no longer offered; its history and ledger account stay',
      description:
        'Deactivates the account (and ends its being the default: money in its currency then goes to the system operating bank) and ' +
        'answers it. Another firm’s account is 404.',
    },
    async (request) => ok('Bank account deactivated', await banks.deactivate(firmPrincipalOf(request), request.params.id)),
  );
}
