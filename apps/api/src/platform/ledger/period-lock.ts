import { PERIOD_LOCK_MESSAGES } from '@matterhorn/shared';
import { AppError } from '../../lib/errors.ts';

/** The trigger on journal_entries that refuses an entry dated in a closed period (migration 0060). */
const BOOKS_CLOSED_CONSTRAINT = 'journal_entries_books_closed';

type DatabaseError = { code?: string; constraint?: string; detail?: string; cause?: unknown };

/**
 * The database's refusal of an entry dated on or before the day the books are closed through, as
 * the 409 a bookkeeper reads (the day is the error's DETAIL); `dateField`, the request field the
 * date came from, is named so the form can point at it. Null for any other failure.
 */
export function booksClosedRefusal(error: unknown, dateField?: string): AppError | null {
  for (let current = error as DatabaseError | undefined; current; current = current.cause as DatabaseError | undefined) {
    if (current.code === '23514' && current.constraint === BOOKS_CLOSED_CONSTRAINT) {
      const message = PERIOD_LOCK_MESSAGES.booksClosed(current.detail ?? '');
      return new AppError(409, message, dateField ? { [dateField]: message } : undefined, 'BOOKS_CLOSED');
    }
  }
  return null;
}
