import { myAccountContracts } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

export type EmailChangeLink = 'confirm' | 'undo';

const contracts = { confirm: myAccountContracts.confirmEmailChange, undo: myAccountContracts.undoEmailChange } as const;

/**
 * Opens an emailed link (no session needed) and answers the server's message. Silent: the page shows
 * the outcome itself, a refusal's message included.
 */
export async function openEmailChangeLink(link: EmailChangeLink, token: string): Promise<string> {
  return (await callContract(contracts[link], { body: { token } }, { auth: 'none', silent: true })).message;
}
