declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  /** The parts of s3rver (an S3-compatible server for tests) the storage tests use. */
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: { name: string }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
