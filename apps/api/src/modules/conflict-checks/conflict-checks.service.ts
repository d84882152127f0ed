import type { z } from 'zod';
import {
  hasPermissions,
  SPEC_MESSAGES,
  type ConflictCheckRecord,
  type ConflictCheckResult,
  type ConflictMatch,
  type recordConflictDecisionSchema,
  type runConflictCheckSchema,
} from '@matterhorn/shared';
import { READ_ONLY, type Database } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import * as repository from './conflict-checks.repository.ts';
import { recordAuditEvent } from '../../platform/audit/audit.ts';

const MATCHES_PER_NAME = 50;

type RecordRow = NonNullable<Awaited<ReturnType<typeof repository.findConflictCheck>>>;

const recordOf = (row: RecordRow): ConflictCheckRecord => ({
  ...row,
  matches: row.matches as ConflictMatch[],
  createdAt: row.createdAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

export type ConflictChecksService = ReturnType<typeof createConflictChecksService>;

export function createConflictChecksService(database: Database) {
  return {
    /** Matches every name against the firm's clients, contacts and matter parties, and records the check. */
    run(principal: FirmPrincipal, input: z.output<typeof runConflictCheckSchema>): Promise<ConflictCheckResult> {
      const { firmId } = principal;
      const names = [...new Map(input.names.map((name) => [name.toLowerCase(), name])).values()];
      const settings = repository.MATCH_THRESHOLDS;
      return database.withFirm(
        firmId,
        async (tx) => {
          const matches: ConflictMatch[] = [];
          for (const name of names) matches.push(...(await repository.findNameMatches(tx, firmId, name, MATCHES_PER_NAME)));
          const check = await repository.insertConflictCheck(tx, {
            firmId,
            searchedByUserId: principal.userId,
            context: input.context,
            searchedNames: names,
            matches,
          });
          return { conflictCheckId: check.id, searchedNames: names, matches, createdAt: check.createdAt.toISOString() };
        },
        { settings },
      );
    },

    /** Only someone who may open a client or a matter decides whether to go ahead; the decision is final. */
    recordDecision(
      principal: FirmPrincipal,
      id: string,
      input: z.output<typeof recordConflictDecisionSchema>,
    ): Promise<ConflictCheckRecord> {
      const mayDecide = ['clientInfo.create', 'matterMaster.create'].some((permission) =>
        hasPermissions(principal.permissions, [permission]),
      );
      if (!mayDecide) throw forbidden(SPEC_MESSAGES.noPermission);
      const { firmId } = principal;
      return database.withFirm(firmId, async (tx) => {
        if (!(await repository.findConflictCheck(tx, firmId, id))) throw notFound('Conflict check');
        if (!(await repository.recordDecision(tx, firmId, id, input.decision, input.notes)))
          throw conflict('A decision has already been recorded for this conflict check');
        await recordAuditEvent(tx, principal, 'conflictCheck.decided', id, { decision: input.decision });
        return recordOf((await repository.findConflictCheck(tx, firmId, id))!);
      });
    },

    list({ firmId }: FirmPrincipal, query: { page: number; size: number }) {
      return database.withFirm(
        firmId,
        async (tx) => {
          const { rows, totalCount } = await repository.findConflictCheckPage(tx, firmId, query);
          return { data: rows.map(recordOf), page: query.page, size: query.size, totalCount };
        },
        READ_ONLY,
      );
    },

    async detail({ firmId }: FirmPrincipal, id: string): Promise<ConflictCheckRecord> {
      const row = await database.withFirm(firmId, (tx) => repository.findConflictCheck(tx, firmId, id));
      if (!row) throw notFound('Conflict check');
      return recordOf(row);
    },
  };
}
