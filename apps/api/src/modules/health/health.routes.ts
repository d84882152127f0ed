import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { answers, ok } from '../../lib/reply.ts';
import { publicAccess } from '../../plugins/route-access.ts';
import { pingDatabase } from './health.repository.ts';

export function registerHealthRoutes(app: FastifyInstance, database: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/health',
    {
      config: { access: publicAccess() },
      schema: {
        tags: ['Operations'],
        summary: 'Liveness and database reachability',
        description:
          'Answers 200 once the server has run a query on its database, for load balancers and uptime checks; an unreachable database answers an error instead.',
        response: answers(
          z.object({
            status: z.literal('ok').describe('Always "ok" on a 200.'),
            database: z
              .enum(['pglite', 'postgres'])
              .describe(
                'Which database the server runs on: pglite (embedded, when DATABASE_URL is unset) or postgres (a PostgreSQL server).',
              ),
          }),
        ),
      },
    },
    async () => {
      await pingDatabase(database);
      return ok('ok', { status: 'ok' as const, database: database.kind });
    },
  );
}
