import { sql, type SQL } from 'drizzle-orm';
import type { NotificationChoiceKey } from '@matterhorn/shared';

/**
 * True for a member (the users row under `alias`) who receives the optional email `key`: they did not
 * opt out of it in My account's notification choices. Every sender of such an email picks its
 * recipients with it, so an opt-out holds whatever module sends.
 */
export const receivesEmail = (alias: string, key: NotificationChoiceKey): SQL =>
  sql`not (${key}::text = any(${sql.identifier(alias)}.email_opt_outs))`;
