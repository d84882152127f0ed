import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FileStore } from './file-store.ts';

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
  return {
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
  };
}
