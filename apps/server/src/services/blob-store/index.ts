import path from 'node:path';
import { FsBlobStore } from './fs.ts';
import { S3BlobStore, type S3Options } from './s3.ts';
import type { BlobStore } from './types.ts';

export * from './types.ts';

export type BlobStoreConfig = { kind: 'fs'; dir: string } | ({ kind: 's3' } & S3Options);

export function createBlobStore(config: BlobStoreConfig): BlobStore {
  return config.kind === 's3' ? new S3BlobStore(config) : new FsBlobStore(path.resolve(config.dir));
}
export * from './hashed-put.ts';
export * from './read.ts';
