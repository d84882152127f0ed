import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { registerRecordViewRoutes } from './record-views.routes.ts';
import { createRecordViews } from './record-views.service.ts';

/** "Who looked" (NDPA 2023, ADR 92): who viewed a client's records, read by those who read the audit trail. */
export function registerRecordViews(app: FastifyInstance, dependencies: { database: Database }) {
  registerRecordViewRoutes(app, createRecordViews(dependencies));
}
