import { GATEWAY_PAYMENT_STATUSES } from '@matterhorn/shared';
import { oneOfOrUndefined, type ListDefinition, type ListState } from '../../../components/list-kit/list-params.ts';
import type { OnlinePaymentsListQuery } from '../api/online-payments.ts';

/** The "Show" choice that keeps the payments the firm must act on; the others are a gateway status. */
export const NEEDS_ATTENTION = 'attention';

/** Online payments in the URL: what to show (?show=attention or a status). The server keeps them newest first. */
export const ONLINE_PAYMENT_LIST = {
  filters: { show: 'show' },
  sortColumns: [] as readonly 'startedAt'[],
  defaultSort: { column: 'startedAt', type: 'desc' },
} as const satisfies ListDefinition<string, 'startedAt'>;

export type OnlinePaymentListState = ListState<keyof typeof ONLINE_PAYMENT_LIST.filters, 'startedAt'>;

/** The list call's query; a status the URL names wrongly shows every payment. */
export function onlinePaymentsQueryFrom({ filters, page, size }: OnlinePaymentListState): OnlinePaymentsListQuery {
  if (filters.show === NEEDS_ATTENTION) return { page, size, NeedsAttention: 'true' };
  const status = oneOfOrUndefined(GATEWAY_PAYMENT_STATUSES, filters.show);
  return status ? { page, size, Status: status } : { page, size };
}
