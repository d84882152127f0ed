import type { FastifyBaseLogger } from 'fastify';
import { SIGNATURE_REQUEST_LIMITS } from '@matterhorn/shared';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { MATTERHORN, remindOpenSigners } from './signature-request-actions.ts';
import { isOpenSigner } from './signature-request-views.ts';
import { findRequest, findSigners, insertEvents } from './signature-requests.repository.ts';
import { endRequest, findFirmsWithOpenRequests, findSignersToRemind, lockRequestsToExpire } from './signing.repository.ts';
import { SEAL_SIGNED_JOB, sealWaitingRequests } from './seal-signed-requests.ts';
import type { SigningDeps } from './signing-deps.ts';

export const SIGNING_CLOCK_JOB = 'signature-requests.remind-and-expire';

type Logger = Pick<FastifyBaseLogger, 'error' | 'info'>;

/**
 * Hourly: requests past their expiry become Expired, and each signer whose turn it is and who has
 * not answered is emailed their link again once 3 days have passed since it was last sent (by
 * the sender's reminder or this job). Each request in its own transaction, its row locked.
 */
export async function runSigningClock(deps: SigningDeps & { logger?: Logger }) {
  const firms = await deps.database.withIdentityLookup((tx) => findFirmsWithOpenRequests(tx));
  let expired = 0;
  let reminded = 0;
  for (const { firmId } of firms) {
    try {
      expired += await deps.database.withFirm(firmId, async (tx) => {
        const due = await lockRequestsToExpire(tx, firmId);
        for (const { id } of due) {
          await endRequest(tx, firmId, id, 'Expired');
          await insertEvents(tx, firmId, [{ requestId: id, signerId: null, kind: 'expired', ...MATTERHORN }]);
        }
        return due.length;
      });
      const toRemind = await deps.database.withFirm(firmId, (tx) =>
        findSignersToRemind(tx, firmId, SIGNATURE_REQUEST_LIMITS.reminderEveryDays),
      );
      for (const { requestId } of toRemind)
        reminded += await deps.database.withFirm(firmId, async (tx) => {
          const request = await findRequest(tx, firmId, requestId, true);
          if (request?.status !== 'Sent' || request.isPastExpiry) return 0;
          const cutoff = Date.now() - SIGNATURE_REQUEST_LIMITS.reminderEveryDays * 86_400_000;
          const due = (await findSigners(tx, firmId, requestId)).filter((signer) => {
            const last = Math.max(...[signer.sentAt, signer.lastRemindedAt].map((at) => (at ? new Date(at).getTime() : 0)));
            return isOpenSigner(signer) && last <= cutoff;
          });
          if (due.length > 0) await remindOpenSigners(deps, tx, firmId, request, due, MATTERHORN);
          return due.length;
        });
    } catch (error) {
      deps.logger?.error({ err: error, firmId }, 'signature requests: expiry or reminders not done (the next run retries)');
    }
  }
  return { expired, reminded };
}

/** The sealing job (also asked for after each last signature) and the hourly clock. */
export const signingJobs = (deps: SigningDeps & { logger?: Logger }): PeriodicJob[] => [
  {
    name: SEAL_SIGNED_JOB,
    everyMinutes: 5,
    run: async () => {
      const sealed = await sealWaitingRequests(deps);
      if (sealed > 0) deps.logger?.info({ sealed }, 'signed documents sealed and filed');
    },
  },
  {
    name: SIGNING_CLOCK_JOB,
    everyMinutes: 60,
    run: async () => {
      const { expired, reminded } = await runSigningClock(deps);
      if (expired + reminded > 0) deps.logger?.info({ expired, reminded }, 'signature requests expired and signers reminded');
    },
  },
];
