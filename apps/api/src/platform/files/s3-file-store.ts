import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  NoSuchKey,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DirectUploads, FileStore } from './file-store.ts';

/** 8 MiB parts: a 100 MiB file in 13, each well above S3's 5 MiB minimum and small enough to retry. */
export const DIRECT_UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** How long a part URL stays valid: long enough for a slow connection's 100 MiB. */
const PART_URL_SECONDS = 60 * 60;

export type S3Settings = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Buckets addressed as a path (MinIO and most self-hosted stores) rather than a subdomain. */
  forcePathStyle: boolean;
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2…), through the official SDK. An
 * upload is streamed in parts (lib-storage), so a large file is never whole in memory; an upload
 * that fails is aborted, which leaves no object. Checksums are sent only where the protocol
 * requires them: several S3-compatible stores do not accept the SDK's newer default.
 */
export function createS3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const direct: DirectUploads = {
    async start(Key, sizeBytes) {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key }));
      if (!UploadId) throw new Error('The bucket did not start a multipart upload');
      const partCount = Math.max(1, Math.ceil(sizeBytes / DIRECT_UPLOAD_PART_BYTES));
      const partUrls = await Promise.all(
        Array.from({ length: partCount }, (_, index) =>
          getSignedUrl(client, new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: index + 1 }), { expiresIn: PART_URL_SECONDS }),
        ),
      );
      return { uploadId: UploadId, partSize: DIRECT_UPLOAD_PART_BYTES, partUrls };
    },
    async complete(Key, UploadId, parts) {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
        }),
      );
    },
    async abort(Key, UploadId) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
    },
  };
  return {
    direct,
    kind: 's3',
    async write(Key, Body) {
      await new Upload({ client, params: { Bucket, Key, Body } }).done();
    },
    async read(Key) {
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
        return (Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async *list(Prefix = '') {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix })) {
        for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, bytes: object.Size ?? 0 };
      }
    },
  };
}
