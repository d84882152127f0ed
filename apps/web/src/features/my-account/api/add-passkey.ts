import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { type AddPasskeyOptionsInput, passkeyContracts, type Passkey } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';
import { loadSupportedWebAuthn } from '../../../lib/passkey-ceremony.ts';

/**
 * Adds a passkey: the server's options (only for the current password, and the code when two-step
 * sign-in is on), the browser's prompt (fingerprint, face or screen lock), then the answer with its
 * ticket and name. Failures throw without a toast: the modal says what happened (a closed prompt is
 * not an error).
 */
export async function addPasskey(name: string, proof: AddPasskeyOptionsInput): Promise<Passkey> {
  const [webAuthn, ceremony] = await Promise.all([
    loadSupportedWebAuthn(),
    callContract(passkeyContracts.registerOptions, { body: proof }, { auth: 'firm', silent: true }),
  ]);
  const { options, ticket } = ceremony.data;
  const response = await webAuthn.startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  const body = { ticket, name, response: response as unknown as Record<string, unknown> };
  return (await callContract(passkeyContracts.register, { body }, { auth: 'firm', silent: true, toastSuccess: true })).data;
}
