import { join } from 'node:path';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore, type S3Settings } from './s3-file-store.ts';

export type { DirectUploadPlan, DirectUploads, FileStore } from './file-store.ts';
export { downloadNameOf } from './download-names.ts';
export {
  inspectStoredFile,
  recordStoredFile,
  storeUpload,
  tooLargeMessage,
  type StoredFile,
  type Upload,
  type UploadRules,
} from './stored-upload.ts';

/** Where files go: a bucket when S3_BUCKET is set, otherwise DATA_DIR/files. */
export type FileStoreSettings = { dataDir: string; s3: S3Settings | null };

export const createFileStore = ({ dataDir, s3 }: FileStoreSettings): FileStore =>
  s3 ? createS3FileStore(s3) : createLocalFileStore(join(dataDir, 'files'));
