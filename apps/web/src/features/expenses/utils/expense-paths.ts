export const EXPENSE_LIST_PATH_CLIENT = '/expense-request/direct-expense?activeTab=client';
export const EXPENSE_LIST_PATH_FIRM = '/expense-request/direct-expense?activeTab=firm';
export const APPROVALS_PATH = '/expense-request/approvals';
export const ADD_EXPENSE_PATH = '/expense-request/direct-expense/add-expense';

/** `returnTo` is a path of this app the page goes back to after saving (never another site). */
export function safeReturnTo(value: string | null, fallback: string): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : fallback;
}

export function editExpensePath(id: string, returnTo?: string): string {
  const base = `/expense-request/direct-expense/edit-expense/${encodeURIComponent(id)}`;
  return returnTo ? `${base}?returnTo=${encodeURIComponent(returnTo)}` : base;
}

export function addExpensePath(
  options: { type?: 'client' | 'firm'; clientId?: string; matterId?: string; returnTo?: string } = {},
): string {
  const params = new URLSearchParams();
  if (options.type) params.set('type', options.type);
  if (options.clientId) params.set('clientId', options.clientId);
  if (options.matterId) params.set('matterId', options.matterId);
  if (options.returnTo) params.set('returnTo', options.returnTo);
  const query = params.toString();
  return query ? `${ADD_EXPENSE_PATH}?${query}` : ADD_EXPENSE_PATH;
}
