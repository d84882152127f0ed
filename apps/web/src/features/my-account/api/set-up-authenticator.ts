import { twoStepContracts, type TotpSetup } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/** A new authenticator secret (QR code and key); nothing changes until its first code is confirmed. */
export async function startAuthenticatorSetUp(): Promise<TotpSetup> {
  return (await callContract(twoStepContracts.setupTotp, {}, { auth: 'firm' })).data;
}

/** The app's first code turns two-step sign-in on; the answer is the recovery codes, shown this once. */
export async function confirmAuthenticator(code: string): Promise<string[]> {
  return (await callContract(twoStepContracts.confirmTotp, { body: { code } }, { auth: 'firm', toastSuccess: true })).data.recoveryCodes;
}
