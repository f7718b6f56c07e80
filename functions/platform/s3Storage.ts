/** The storage port on S3. */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { MAX_LINK_SECONDS, type StoragePort } from './storage';

export interface S3StorageConfig {
  region: string;
  bucket: string;
  endpoint?: string;
  /** put before every key and taken off listed ones: Heralds sharing a bucket never see each other's objects */
  keyPrefix?: string;
}

/** s3rver accepts any signature, but the SDK signs, so it needs credentials of some kind. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

function linkSeconds(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_LINK_SECONDS) throw new RangeError(`a signed link lasts 1 to ${MAX_LINK_SECONDS} seconds, not ${seconds}`);
  return seconds;
}

export function s3Storage(config: S3StorageConfig): StoragePort {
  const client = new S3Client({
    region: config.region,
    // checksums only where S3 requires one: by default the SDK adds a CRC32 to every PutObject, and a presigned link
    // carries the checksum of the empty body it was signed with, which S3 then holds the upload to (it fails)
    requestChecksumCalculation: 'WHEN_REQUIRED',
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS } : {}),
  });
  const Bucket = config.bucket;
  const prefix = config.keyPrefix ?? '';
  const k = (key: string) => prefix + key;
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: k(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: k(key) }));
        return { body: out.Body as Readable, contentType: out.ContentType, size: out.ContentLength };
      } catch (e) {
        if (e instanceof NoSuchKey) return undefined;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: k(key) }));
    },
    async list(folder, max = 1000) {
      const folders: string[] = [];
      const files: { key: string; size: number; lastModified: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: k(folder), Delimiter: '/', MaxKeys: Math.min(1000, max + 1 - files.length), ContinuationToken }));
        for (const p of out.CommonPrefixes ?? []) if (p.Prefix) folders.push(p.Prefix.slice(prefix.length));
        for (const o of out.Contents ?? []) {
          // the folder's own marker object is the folder, not a file in it
          if (o.Key && o.Key !== k(folder)) files.push({ key: o.Key.slice(prefix.length), size: o.Size ?? 0, lastModified: o.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = out.IsTruncated ? out.NextContinuationToken : undefined;
      } while (ContinuationToken && files.length <= max);
      return { folders, files: files.slice(0, max), truncated: files.length > max || Boolean(ContinuationToken) };
    },
    async copy(from, to) {
      const source = `${Bucket}/${k(from).split('/').map(encodeURIComponent).join('/')}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: k(to), CopySource: source, MetadataDirective: 'COPY' }));
    },
    async signedGetUrl(key, expiresInSeconds, fileName) {
      // RFC 6266: an ASCII fallback name, and the real one percent-encoded for names in any script
      const disposition = fileName ? `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}` : undefined;
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: k(key), ResponseContentDisposition: disposition }), { expiresIn: linkSeconds(expiresInSeconds) });
    },
    async signedPutUrl(key, expiresInSeconds, terms) {
      if (terms && (!Number.isInteger(terms.bytes) || terms.bytes < 1 || terms.bytes > terms.maxBytes)) {
        throw new RangeError(`an upload link takes 1 to ${terms.maxBytes} bytes, not ${terms.bytes}`);
      }
      const command = new PutObjectCommand({ Bucket, Key: k(key), ContentType: terms?.contentType, ContentLength: terms?.bytes });
      return getSignedUrl(client, command, {
        expiresIn: linkSeconds(expiresInSeconds),
        // the presigner leaves these unsigned unless told: signed, the upload must send exactly this type and length
        ...(terms ? { signableHeaders: new Set(['content-type', 'content-length']) } : {}),
      });
    },
  };
}
