import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BlobNotFoundError, assertValidKey, type BlobInfo, type BlobStore } from './types.ts';

export interface S3Options {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

/** Part size of multipart uploads; memory per upload is about partSize × queueSize. */
const PART_SIZE = 8 * 1024 * 1024;

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage...). Uploads stream as multipart uploads
 * (only complete objects become visible); checksums are sent only when the service requires them, which keeps
 * S3-compatible servers that do not know the newer checksum headers working.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly opts: S3Options) {
    this.client = new S3Client({
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, opts: { contentType?: string } = {}): Promise<void> {
    assertValidKey(key);
    if (body.errored) throw body.errored;
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.opts.bucket,
        Key: key,
        Body: body,
        ContentType: opts.contentType ?? 'application/octet-stream',
      },
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    // A failing body must fail the upload (lib-storage would otherwise wait for more data).
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (err) {
      await upload.abort().catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      if (!res.Body) throw new BlobNotFoundError(key);
      return res.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new BlobNotFoundError(key);
      throw err;
    }
  }

  async head(key: string): Promise<BlobInfo | null> {
    assertValidKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.opts.bucket, Key: key }));
      return { key, size: res.ContentLength ?? 0, lastModified: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  async *list(prefix: string): AsyncIterable<BlobInfo> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async probeWrite(): Promise<void> {
    const key = `health/probe-${randomUUID()}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.opts.bucket, Key: key, Body: 'ok' }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key }));
  }

  /** Aborts multipart uploads started before `before` (a bucket lifecycle rule does the same). */
  async sweepIncomplete(before: Date): Promise<number> {
    let removed = 0;
    const res = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.opts.bucket }));
    for (const u of res.Uploads ?? []) {
      if (u.Key && u.UploadId && u.Initiated && u.Initiated < before) {
        await this.client.send(
          new AbortMultipartUploadCommand({ Bucket: this.opts.bucket, Key: u.Key, UploadId: u.UploadId }),
        );
        removed++;
      }
    }
    return removed;
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
