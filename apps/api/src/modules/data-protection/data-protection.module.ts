import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { FileStore } from '../../platform/files/files.ts';
import { createDataSubjectRequests } from './data-subject-requests.service.ts';
import { registerDataProtectionRoutes } from './data-protection.routes.ts';
import { createRetention } from './retention.service.ts';
import { createBreaches } from './breaches.service.ts';
import { registerBreachRoutes } from './breaches.routes.ts';
import { registerRetentionRoutes } from './retention.routes.ts';
import { createPrivacyNotice } from './privacy-notice.service.ts';
import { registerPrivacyNoticeRoutes } from './privacy-notice.routes.ts';

/** The firm's data-protection duties under the NDPA 2023 (ADR 92), administrators only. */
export function registerDataProtection(app: FastifyInstance, dependencies: { database: Database; files: FileStore }) {
  const requests = createDataSubjectRequests(dependencies);
  registerDataProtectionRoutes(app, requests);
  const retention = createRetention(dependencies);
  registerRetentionRoutes(app, retention);
  const breaches = createBreaches(dependencies);
  registerBreachRoutes(app, breaches);
  const privacyNotice = createPrivacyNotice(dependencies);
  registerPrivacyNoticeRoutes(app, privacyNotice);
  return { requests, retention, breaches, privacyNotice };
}
