import { z } from 'zod';
import { defineRoute } from '../common/route-contract.ts';

export const DATA_EXPORT_STATUSES = ['running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_EXPORT_MESSAGES = {
  started: 'Your export has started. We will email you when it is ready.',
  alreadyRunning: 'An export is already being made: wait for it to finish',
  notReady: 'This export is not ready, or has expired: start a new one',
} as const;

/** A full export of the firm's data (issue 39): its progress while built, then its zip for 7 days. */
export const dataExportSchema = z.object({
  id: z.string().describe('The export’s id.'),
  status: z.enum(DATA_EXPORT_STATUSES).describe('running, ready (download it), failed, or expired (after 7 days).'),
  progress: z.number().int().describe('How far it is, 0–100.'),
  step: z.string().describe('What it is doing or did last ("Documents: 120 of 480").'),
  sizeBytes: z.number().nullable().describe('The zip’s size once ready, else null.'),
  requestedBy: z.string().nullable().describe('Who started it.'),
  createdAt: z.string().describe('When it was started (ISO 8601).'),
  finishedAt: z.string().nullable().describe('When it was ready or failed (ISO 8601), else null.'),
  expiresAt: z.string().nullable().describe('Until when it can be downloaded (ISO 8601), else null.'),
  failure: z.string().nullable().describe('Why it failed, in words, else null.'),
});
export type DataExport = z.infer<typeof dataExportSchema>;

const exportParamsSchema = z.object({ id: z.uuid({ error: 'id must be a valid id' }).describe('The export’s id.') });

const downloadLinkSchema = z.object({
  url: z.string().describe('Where the browser downloads the zip from, without its bearer: valid one minute, for this export only.'),
});

export const dataExportContracts = {
  /** A link a browser can open to save a large zip straight to disk (a fetch with the bearer would hold it all in memory). */
  downloadLink: defineRoute({
    method: 'POST',
    path: '/api/admin/export/download-link/:id',
    params: exportParamsSchema,
    response: downloadLinkSchema,
  }),
  start: defineRoute({ method: 'POST', path: '/api/admin/export/start', response: dataExportSchema }),
  list: defineRoute({ method: 'GET', path: '/api/admin/export/get-exports', response: z.array(dataExportSchema) }),
  status: defineRoute({ method: 'GET', path: '/api/admin/export/status/:id', params: exportParamsSchema, response: dataExportSchema }),
};

/** GET /api/admin/export/download/{id}: the zip itself (registered by hand: its answer is a file, not the envelope). */
export const dataExportDownloadPath = { path: '/api/admin/export/download/:id' } as const;
/** GET /api/export-files/{id}?token=: the same zip through a download link (no bearer: the sealed token stands for it). */
export const dataExportFilePath = { path: '/api/export-files/:id' } as const;
