import { TRUST_TRANSACTION_TYPES } from '@matterhorn/shared';
import type { QueryParams } from '../../../lib/api-client.ts';
import {
  isoDateOrUndefined,
  oneOfOrUndefined,
  textOrUndefined,
  uuidOrUndefined,
  type ListDefinition,
  type ListState,
} from '../../../components/list-kit/list-params.ts';

/**
 * The trust account page's Client ledgers tab, in the page's URL: the search and whether ledgers
 * without funds show too (`holding=all`; by default only those holding funds). The server has one
 * order for it (by client): nothing to sort by.
 */
export const TRUST_LEDGER_LIST = {
  filters: { search: 'search', holding: 'holding' },
  sortColumns: [],
  defaultSort: { column: 'client', type: 'asc' },
} as const satisfies ListDefinition<'search' | 'holding', 'client'>;

export type TrustLedgerListState = ListState<keyof (typeof TRUST_LEDGER_LIST)['filters'], 'client'>;

/** get-trust-account-ledgers' query for the list's state. */
export function trustLedgerQueryFrom(trustAccountId: string, list: TrustLedgerListState): QueryParams {
  return {
    TrustAccountId: trustAccountId,
    GeneralSearchText: textOrUndefined(list.filters.search),
    IsNonZeroOnly: list.filters.holding !== 'all',
    page: list.page,
    size: list.size,
  };
}

/** The Approvals tab: movements awaiting a second person, newest first; only its page and size. */
export const TRUST_APPROVAL_LIST = {
  filters: {},
  sortColumns: [],
  defaultSort: { column: 'date', type: 'desc' },
} as const satisfies ListDefinition<never, 'date'>;

export function trustApprovalQueryFrom(trustAccountId: string, list: ListState<never, 'date'>): QueryParams {
  return { Status: 'AwaitingApproval', TrustAccountId: trustAccountId, page: list.page, size: list.size };
}

/** The Movements tab, in the page's URL: type, client, matter, dates and uncleared deposits only (`uncleared=1`); newest first. */
export const TRUST_MOVEMENT_LIST = {
  filters: { type: 'type', client: 'clientId', matter: 'matterId', from: 'from', to: 'to', uncleared: 'uncleared' },
  sortColumns: [],
  defaultSort: { column: 'date', type: 'desc' },
} as const satisfies ListDefinition<'type' | 'client' | 'matter' | 'from' | 'to' | 'uncleared', 'date'>;

export type TrustMovementListState = ListState<keyof (typeof TRUST_MOVEMENT_LIST)['filters'], 'date'>;

/** get-trust-transactions' query for the list's state; a value the call would refuse is no filter. */
export function trustMovementQueryFrom(trustAccountId: string, list: TrustMovementListState): QueryParams {
  const { filters } = list;
  return {
    TrustAccountId: trustAccountId,
    Type: oneOfOrUndefined(TRUST_TRANSACTION_TYPES, filters.type),
    ClientId: uuidOrUndefined(filters.client),
    MatterId: uuidOrUndefined(filters.matter),
    FromDate: isoDateOrUndefined(filters.from),
    ToDate: isoDateOrUndefined(filters.to),
    IsUnclearedOnly: filters.uncleared === '1' || undefined,
    page: list.page,
    size: list.size,
  };
}
