import { twoStepContracts, type TotpSetup, type TwoStepSession } from '@matterhorn/shared';
import { callContract } from '../../../lib/api/call-contract.ts';

/**
 * The second step of a firm sign-in. Loaded with the second-step form only, never by the sign-in
 * page's first paint: the contracts carry zod (issue 13's 120 KB budget).
 */

/** One enrolment per challenge: a second call (React's StrictMode runs effects twice) would replace the secret just shown. */
const enrolments = new Map<string, Promise<TotpSetup>>();

/** A new authenticator secret for a user whose firm requires two-step sign-in and who has no app yet. */
export function enrolAuthenticator(challenge: string): Promise<TotpSetup> {
  let enrolment = enrolments.get(challenge);
  if (!enrolment) {
    enrolment = callContract(twoStepContracts.enrol, { body: { challenge } }, { auth: 'none' }).then((envelope) => envelope.data);
    enrolments.set(challenge, enrolment);
    enrolment.catch(() => enrolments.delete(challenge));
  }
  return enrolment;
}

/** The app's code (or a recovery code) for the challenge: the session, with the recovery codes when this sign-in set the app up. */
export async function verifyTwoStep(body: { challenge: string; code: string; rememberBrowser: boolean }): Promise<TwoStepSession> {
  return (await callContract(twoStepContracts.verify, { body }, { auth: 'none' })).data;
}
