import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  hasPermissions,
  SPEC_MESSAGES,
  type CompleteDirectUploadInput,
  type DirectUploadPlan,
  type DocumentView,
  type StartDirectUploadInput,
} from '@matterhorn/shared';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { FirmPrincipal } from '../../plugins/route-access.ts';
import { tooLargeMessage, type FileStore } from '../../platform/files/files.ts';
import { inspectDirectUpload } from './document-uploads.ts';
import { documentRules } from './document-storage.ts';
import type { DocumentService } from './documents.service.ts';

/** Time to send 100 MiB over a slow line; the part URLs live as long. */
const UPLOAD_TOKEN_SECONDS = 60 * 60;

/** What start-upload promised, carried by the browser to complete-upload and signed so it cannot be altered. */
type UploadClaims = Omit<StartDirectUploadInput, 'sizeBytes'> & {
  sizeBytes: number;
  firmId: string;
  userId: string;
  key: string;
  uploadId: string;
  expiresAt: number;
};

export type DirectUploadDeps = { files: FileStore; documents: DocumentService; maxUploadBytes: number; secret: string };

/**
 * Large files straight from the browser to the bucket (presigned multipart uploads), so the API
 * never carries the bytes in. Nothing is filed until the server has read the object back and
 * found the size and SHA-256 the browser declared and an allowed type; otherwise the object is
 * removed. Abandoned uploads are left to the bucket's lifecycle rule (README).
 */
export function createDirectUploadService({ files, documents, maxUploadBytes, secret }: DirectUploadDeps) {
  const rules = documentRules(maxUploadBytes);
  const sign = (payload: string) => createHmac('sha256', secret).update(`document-upload.${payload}`).digest('base64url');

  const tokenOf = (claims: UploadClaims) => {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${sign(payload)}`;
  };

  /** The claims of a token this server signed for this user of this firm, unexpired; anything else is "not found". */
  const claimsOf = (principal: FirmPrincipal, token: string): UploadClaims => {
    const [payload = '', signature = ''] = token.split('.');
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound('Upload');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadClaims;
    if (claims.firmId !== principal.firmId || claims.userId !== principal.userId || claims.expiresAt < Date.now()) {
      throw notFound('Upload');
    }
    return claims;
  };

  const directOf = () => {
    if (!files.direct) throw conflict('Files are uploaded through the app on this installation: use upload-document');
    return files.direct;
  };

  return {
    isEnabled: files.direct !== undefined,

    async start(principal: FirmPrincipal, input: StartDirectUploadInput): Promise<DirectUploadPlan> {
      const direct = directOf();
      const isNewDocument = input.FolderId !== undefined;
      if (!hasPermissions(principal.permissions, [isNewDocument ? 'document.create' : 'document.edit'])) {
        throw forbidden(SPEC_MESSAGES.noPermission);
      }
      if (input.sizeBytes > rules.maxBytes) throw new AppError(413, tooLargeMessage(rules.what, rules.maxBytes));
      if (input.FolderId) await documents.checkNewDocument(principal, input.FolderId, input.fileName);
      else await documents.checkNewVersion(principal, input.DocumentId!);
      const key = randomBytes(24).toString('base64url');
      const plan = await direct.start(key, input.sizeBytes);
      const claims: UploadClaims = {
        ...input,
        firmId: principal.firmId,
        userId: principal.userId,
        key,
        uploadId: plan.uploadId,
        expiresAt: Date.now() + UPLOAD_TOKEN_SECONDS * 1000,
      };
      return { uploadToken: tokenOf(claims), partSize: plan.partSize, partUrls: plan.partUrls };
    },

    async complete(principal: FirmPrincipal, input: CompleteDirectUploadInput): Promise<DocumentView> {
      const direct = directOf();
      const claims = claimsOf(principal, input.uploadToken);
      const parts = [...input.parts].sort((a, b) => a.partNumber - b.partNumber);
      try {
        await direct.complete(claims.key, claims.uploadId, parts);
      } catch {
        // A repeated completion finds the upload gone; the first one filed the file (or refused it).
        throw conflict('The upload could not be completed: its parts are missing, or it was completed already. Upload the file again');
      }
      let stored;
      try {
        stored = await inspectDirectUpload(files, claims.key, claims.fileName, rules);
        if (stored.size !== claims.sizeBytes || stored.sha256 !== claims.sha256) {
          throw new AppError(422, `${claims.fileName} did not arrive intact (its size or SHA-256 differs): upload it again`);
        }
      } catch (error) {
        await files.remove(claims.key).catch(() => undefined);
        throw error;
      }
      return claims.FolderId
        ? documents.fileNewDocument(
            principal,
            { folderId: claims.FolderId, category: claims.category, description: claims.description, tags: claims.tags },
            stored,
          )
        : documents.fileNewVersion(principal, claims.DocumentId!, claims.note, stored);
    },
  };
}
export type DirectUploadService = ReturnType<typeof createDirectUploadService>;
