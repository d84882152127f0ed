import type { ExpenseCategory, expenseCategoryInputSchema } from '@matterhorn/shared';
import { EXPENSE_MESSAGES } from '@matterhorn/shared';
import type { z } from 'zod';
import { READ_ONLY, type Database, type Tx } from '../../db/database.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { changeOf, recordAuditEvent } from '../../platform/audit/audit.ts';
import {
  findCategory,
  insertCategory,
  isCategoryNameTaken,
  listCategories,
  lockCategory,
  setCategoryDeleted,
  updateCategory,
} from './expenses.repository.ts';

type CategoryInput = z.output<typeof expenseCategoryInputSchema>;

async function viewOf(tx: Tx, firmId: string, categoryId: string): Promise<ExpenseCategory> {
  const category = await findCategory(tx, firmId, categoryId);
  if (!category) throw notFound('Category');
  return category;
}

/** The same name twice among live categories is refused, whether the check or the unique index sees it first. */
async function nameGuarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EXPENSE_MESSAGES.categoryNameTaken, 'NAME_TAKEN');
    throw error;
  }
}

/**
 * Settings → Expense categories. Deleting a category is a soft delete, allowed while expenses use
 * it: they keep it (and show its name); it is no longer offered for new expenses.
 */
export function createExpenseCategoryService(database: Database) {
  return {
    list: (principal: FirmPrincipal): Promise<ExpenseCategory[]> =>
      database.withFirm(principal.firmId, (tx) => listCategories(tx, principal.firmId), READ_ONLY),

    create: (principal: FirmPrincipal, input: CategoryInput): Promise<ExpenseCategory> =>
      nameGuarded(() =>
        database.withFirm(principal.firmId, async (tx) => {
          if (await isCategoryNameTaken(tx, principal.firmId, input.name, null))
            throw conflict(EXPENSE_MESSAGES.categoryNameTaken, 'NAME_TAKEN');
          const values = { name: input.name, utbmsExpenseCode: input.utbmsExpenseCode ?? null };
          const id = await insertCategory(tx, principal.firmId, values);
          await recordAuditEvent(tx, principal, 'expenseCategory.created', id, { after: values });
          return viewOf(tx, principal.firmId, id);
        }),
      ),

    update: (principal: FirmPrincipal, categoryId: string, input: CategoryInput): Promise<ExpenseCategory> =>
      nameGuarded(() =>
        database.withFirm(principal.firmId, async (tx) => {
          const previous = await lockCategory(tx, principal.firmId, categoryId);
          if (!previous) throw notFound('Category');
          if (await isCategoryNameTaken(tx, principal.firmId, input.name, categoryId))
            throw conflict(EXPENSE_MESSAGES.categoryNameTaken, 'NAME_TAKEN');
          const values = { name: input.name, utbmsExpenseCode: input.utbmsExpenseCode ?? null };
          await updateCategory(tx, principal.firmId, categoryId, values);
          await recordAuditEvent(
            tx,
            principal,
            'expenseCategory.updated',
            categoryId,
            changeOf({ name: previous.name, utbmsExpenseCode: previous.utbmsExpenseCode }, values),
          );
          return viewOf(tx, principal.firmId, categoryId);
        }),
      ),

    remove: (principal: FirmPrincipal, categoryId: string): Promise<void> =>
      database.withFirm(principal.firmId, async (tx) => {
        const previous = await lockCategory(tx, principal.firmId, categoryId);
        if (!previous) throw notFound('Category');
        await setCategoryDeleted(tx, principal.firmId, categoryId);
        await recordAuditEvent(tx, principal, 'expenseCategory.deleted', categoryId, {
          before: { name: previous.name, utbmsExpenseCode: previous.utbmsExpenseCode },
        });
      }),
  };
}
