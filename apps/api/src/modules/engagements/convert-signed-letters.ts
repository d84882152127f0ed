import type { FastifyBaseLogger } from 'fastify';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { listFirmIds } from '../../platform/firm-list.repository.ts';
import type { PeriodicJob } from '../../platform/jobs/job-queue.ts';
import { findSignedUnconverted } from './engagements.repository.ts';

export const CONVERT_SIGNED_LETTERS_JOB = 'engagements.convert-signed-letters';
/** How long after its signature a letter's lead is still converted by the sweep (ADR 87); later, Convert by hand. */
export const SWEEP_DAYS = 7;
const PER_FIRM = 50;

export type SignedLettersDeps = {
  database: Database;
  /** The follow-up after sealing (engagements' signatureCompleted): converts the lead as the letter's sender. */
  convertSigned: (firmId: string, signatureRequestId: string) => Promise<void>;
  logger?: Pick<FastifyBaseLogger, 'error' | 'info'>;
};

/**
 * Converts the leads whose engagement letter was signed in the last SWEEP_DAYS days but which are
 * not converted: the sealing job's follow-up failed (a transient error, a trust account not yet
 * open) or the process stopped before it ran. Each conversion is the same idempotent Convert, in
 * its own transaction; a failure is logged and left to the next run, never thrown out of the job.
 */
export async function convertSignedLetters(deps: SignedLettersDeps, now = new Date()): Promise<{ converted: number; failed: number }> {
  const signedSince = new Date(now.getTime() - SWEEP_DAYS * 86_400_000);
  let converted = 0;
  let failed = 0;
  for (const { firmId } of await deps.database.withIdentityLookup((tx) => listFirmIds(tx))) {
    try {
      const due = await deps.database.withFirm(firmId, (tx) => findSignedUnconverted(tx, firmId, signedSince, PER_FIRM), READ_ONLY);
      for (const { leadId, signatureRequestId } of due) {
        try {
          await deps.convertSigned(firmId, signatureRequestId);
          converted += 1;
        } catch (error) {
          failed += 1;
          deps.logger?.error(
            { err: error, firmId, leadId, signatureRequestId },
            'signed engagement letter: lead not converted (the next run retries)',
          );
        }
      }
    } catch (error) {
      deps.logger?.error({ err: error, firmId }, 'signed engagement letters not swept for this firm (the next run retries)');
    }
  }
  return { converted, failed };
}

/** Every 15 minutes: the signed letters whose lead the follow-up after sealing did not convert. */
export const engagementJobs = (deps: SignedLettersDeps): PeriodicJob[] => [
  {
    name: CONVERT_SIGNED_LETTERS_JOB,
    everyMinutes: 15,
    run: async () => {
      const { converted, failed } = await convertSignedLetters(deps);
      if (converted + failed > 0) deps.logger?.info({ converted, failed }, 'signed engagement letters swept');
    },
  },
];
