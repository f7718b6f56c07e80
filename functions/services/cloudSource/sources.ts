/**
 * Where a cloud source's files are: an SFTP server (password or private key), an S3 bucket (access keys, or a
 * role assumed for the run) or Herald's own storage (uploads). Each answers the files in its folder and reads one
 * as a stream of bytes, so a file of any size passes through without being held.
 */
import type { Readable } from 'node:stream';
import type { CloudSource } from '../../../shared/entities';
import { unseal } from '../../platform/keys';
import type { Runtime } from '../../platform/runtime';

export interface SourceFile {
  name: string;
  size: number;
  modified: number;
}

export interface SourceReader {
  list(): Promise<SourceFile[]>;
  read(name: string): Promise<AsyncIterable<Uint8Array>>;
  close(): Promise<void>;
}

/** Upload sources keep their files here, one folder per source. */
export const uploadFolder = (orgId: number, sourceId: string) => `cloud-sources/${orgId}/${sourceId}/`;

/** `*` matches any run of characters; everything else is itself. */
export function fileNameMatcher(pattern: string): (name: string) => boolean {
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return (name) => re.test(name);
}

function joinPath(folder: string, name: string): string {
  if (!folder) return name;
  return folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

/** How long an SFTP connection may take to open, and an idle read to answer. */
const SFTP_TIMEOUT_MS = 20_000;

async function sftpReader(rt: Runtime, source: CloudSource): Promise<SourceReader> {
  const { default: SftpClient } = await import('ssh2-sftp-client');
  const client = new SftpClient();
  await client.connect({
    host: source.host,
    port: source.port,
    username: source.username,
    ...(source.passwordSealed ? { password: unseal(rt.keys, source.passwordSealed) } : {}),
    ...(source.privateKeySealed ? { privateKey: unseal(rt.keys, source.privateKeySealed) } : {}),
    readyTimeout: SFTP_TIMEOUT_MS,
    retries: 0,
  });
  const folder = source.filePath || '.';
  return {
    async list() {
      const entries = await client.list(folder);
      return entries.filter((e) => e.type === '-').map((e) => ({ name: e.name, size: e.size, modified: e.modifyTime }));
    },
    async read(name) {
      return client.createReadStream(joinPath(folder, name), { highWaterMark: 256 * 1024 }) as unknown as Readable;
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

async function s3Reader(rt: Runtime, source: CloudSource): Promise<SourceReader> {
  // loaded on first use: the router Lambda (which saves sources) never needs these clients at a cold start
  const { GetObjectCommand, ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const endpoint = rt.aws.endpoints.s3;
  let credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  if (source.roleArn) {
    const { AssumeRoleCommand, STSClient } = await import('@aws-sdk/client-sts');
    const sts = new STSClient({ region: source.region, ...(endpoint ? { endpoint } : {}) });
    const out = await sts.send(new AssumeRoleCommand({ RoleArn: source.roleArn, RoleSessionName: `herald-cloud-source-${source.id}`.slice(0, 64), DurationSeconds: 3600 }));
    const c = out.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey) throw new Error('The role gave no credentials.');
    credentials = { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken };
  } else if (source.accessKey && source.secretKeySealed) {
    credentials = { accessKeyId: source.accessKey, secretAccessKey: unseal(rt.keys, source.secretKeySealed) };
  }
  // locally every bucket is in the S3 stand-in
  const s3 = new S3Client({ region: source.region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}), ...(credentials ? { credentials } : {}) });
  const prefix = source.filePath ? (source.filePath.endsWith('/') ? source.filePath : `${source.filePath}/`) : '';
  return {
    async list() {
      const files: SourceFile[] = [];
      let token: string | undefined;
      do {
        const out = await s3.send(new ListObjectsV2Command({ Bucket: source.bucket, Prefix: prefix, Delimiter: '/', ContinuationToken: token }));
        for (const o of out.Contents ?? []) {
          if (!o.Key || o.Key.endsWith('/')) continue;
          files.push({ name: o.Key.slice(prefix.length), size: o.Size ?? 0, modified: o.LastModified?.getTime() ?? 0 });
        }
        token = out.NextContinuationToken;
      } while (token && files.length < 10_000);
      return files;
    },
    async read(name) {
      const out = await s3.send(new GetObjectCommand({ Bucket: source.bucket, Key: `${prefix}${name}` }));
      return out.Body as Readable;
    },
    async close() {
      s3.destroy();
    },
  };
}

function uploadReader(rt: Runtime, source: CloudSource): SourceReader {
  const folder = uploadFolder(source.orgId, source.id);
  return {
    async list() {
      const listing = await rt.ports.storage.list(folder);
      return listing.files.map((f) => ({ name: f.key.slice(folder.length), size: f.size, modified: f.lastModified }));
    },
    async read(name) {
      const stored = await rt.ports.storage.get(`${folder}${name}`);
      if (!stored) throw new Error(`The file ${name} is gone.`);
      return stored.body;
    },
    async close() {},
  };
}

export async function openSource(rt: Runtime, source: CloudSource): Promise<SourceReader> {
  if (source.sourceType === 'SFTP') return sftpReader(rt, source);
  if (source.sourceType === 'S3') return s3Reader(rt, source);
  return uploadReader(rt, source);
}
