import type { z } from 'zod';
import {
  type createTrustAccountSchema,
  type TrustAccount,
  type TrustSettings,
  type updateTrustAccountSchema,
  type updateTrustSettingsSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  currencyExists,
  findTrustFirm,
  findMatterReference,
  findTrustAccount,
  findTrustAccounts,
  findTrustSettings,
  insertTrustAccount,
  setMatterMinimum,
  updateTrustAccount,
  upsertTrustSettings,
} from './trust.repository.ts';
import { lastFourOf } from './trust.rules.ts';
import { trustAccountView } from './trust.views.ts';

type CreateAccountInput = z.output<typeof createTrustAccountSchema>;
type UpdateAccountInput = z.output<typeof updateTrustAccountSchema>;
type SettingsInput = z.output<typeof updateTrustSettingsSchema>;

/** One of the firm's trust accounts as its page shows it, or "not found". */
export async function accountView(tx: Tx, firmId: string, id: string): Promise<TrustAccount> {
  const row = await findTrustAccount(tx, firmId, id);
  if (!row) throw notFound('Trust account');
  return trustAccountView(row);
}

/** The firm's trust bank accounts, its trust rules, and a matter's minimum balance. */
export function createTrustAccountService(database: Database) {
  const read = <T>(principal: FirmPrincipal, fn: (tx: Tx) => Promise<T>) => database.withFirm(principal.firmId, fn, READ_ONLY);

  const duplicateName = (error: unknown) => {
    if (isUniqueViolation(error)) throw conflict('A trust account with this name already exists');
    throw error;
  };

  return {
    accounts: (principal: FirmPrincipal): Promise<TrustAccount[]> =>
      read(principal, async (tx) => (await findTrustAccounts(tx, principal.firmId)).map(trustAccountView)),

    account: (principal: FirmPrincipal, id: string) => read(principal, (tx) => accountView(tx, principal.firmId, id)),

    createAccount: (principal: FirmPrincipal, input: CreateAccountInput): Promise<TrustAccount> =>
      database
        .withFirm(principal.firmId, async (tx) => {
          const currencyCode = input.currencyCode?.toUpperCase() ?? (await findTrustFirm(tx, principal.firmId)).homeCurrencyCode;
          if (!currencyCode || !(await currencyExists(tx, currencyCode)))
            throw badRequest('Choose a currency', { currencyCode: 'Choose a currency' });
          const id = await insertTrustAccount(tx, {
            firmId: principal.firmId,
            name: input.name,
            bankName: input.bankName,
            accountNumberLast4: lastFourOf(input.accountNumber),
            currencyCode,
            paymentInstructions: input.paymentInstructions ?? '',
            createdByUserId: principal.userId,
          });
          await recordAuditEvent(tx, principal, 'trustAccount.created', id, { name: input.name, bankName: input.bankName, currencyCode });
          return accountView(tx, principal.firmId, id);
        })
        .catch(duplicateName),

    updateAccount: (principal: FirmPrincipal, id: string, input: UpdateAccountInput): Promise<TrustAccount> =>
      database
        .withFirm(principal.firmId, async (tx) => {
          const before = await findTrustAccount(tx, principal.firmId, id);
          if (!before) throw notFound('Trust account');
          const values = {
            name: input.name,
            bankName: input.bankName,
            paymentInstructions: input.paymentInstructions ?? '',
            isActive: input.isActive,
          };
          await updateTrustAccount(tx, principal.firmId, id, values);
          const { account } = before;
          await recordAuditEvent(
            tx,
            principal,
            'trustAccount.updated',
            id,
            changeOf(
              {
                name: account.name,
                bankName: account.bankName,
                paymentInstructions: account.paymentInstructions,
                isActive: account.isActive,
              },
              values,
            ),
          );
          return accountView(tx, principal.firmId, id);
        })
        .catch(duplicateName),

    settings: (principal: FirmPrincipal): Promise<TrustSettings> =>
      read(principal, async (tx) => {
        const { approvalThreshold, requireRequestApproval, cashReviewThreshold } = await findTrustSettings(tx, principal.firmId);
        return { approvalThreshold, requireRequestApproval, cashReviewThreshold };
      }),

    updateSettings: (principal: FirmPrincipal, input: SettingsInput): Promise<TrustSettings> =>
      database.withFirm(principal.firmId, async (tx) => {
        const before = await findTrustSettings(tx, principal.firmId);
        await upsertTrustSettings(tx, { firmId: principal.firmId, ...input });
        const after = await findTrustSettings(tx, principal.firmId);
        const view = {
          approvalThreshold: after.approvalThreshold,
          requireRequestApproval: after.requireRequestApproval,
          cashReviewThreshold: after.cashReviewThreshold,
        };
        await recordAuditEvent(
          tx,
          principal,
          'trustSettings.updated',
          principal.firmId,
          changeOf(
            {
              approvalThreshold: before.approvalThreshold,
              requireRequestApproval: before.requireRequestApproval,
              cashReviewThreshold: before.cashReviewThreshold,
            },
            view,
          ),
        );
        return view;
      }),

    setMatterMinimum: (principal: FirmPrincipal, matterId: string, minimumBalance: string | null) =>
      database.withFirm(principal.firmId, async (tx) => {
        if (!(await findMatterReference(tx, principal.firmId, matterId))) throw notFound('Matter');
        if (minimumBalance !== null && /^0+(\.0+)?$/.test(minimumBalance)) throw badRequest('Minimum balance must be greater than 0');
        await setMatterMinimum(tx, principal.firmId, matterId, minimumBalance);
        await recordAuditEvent(tx, principal, 'trustMatterMinimum.set', matterId, { minimumBalance });
        return { matterId, minimumBalance };
      }),
  };
}
