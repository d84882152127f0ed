import { myAccountContracts, type MyAccount, type MyAccountInput } from '@matterhorn/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callContract } from '../../../lib/api/call-contract.ts';

export const MY_ACCOUNT_KEY = ['my-account', 'account'] as const;

/** The signed-in user's name, sign-in email, photo and any new email waiting for its link to be opened. */
export async function getMyAccount(): Promise<MyAccount> {
  return (await callContract(myAccountContracts.view, {}, { auth: 'firm' })).data;
}

export const myAccountQuery = queryOptions({ queryKey: MY_ACCOUNT_KEY, queryFn: getMyAccount });

export function useMyAccount() {
  return useQuery(myAccountQuery);
}

/** Saves the name, and the photo when given (null removes it); answers the account as saved. */
export async function updateMyAccount(body: MyAccountInput): Promise<MyAccount> {
  return (await callContract(myAccountContracts.update, { body }, { auth: 'firm', toastSuccess: true })).data;
}
