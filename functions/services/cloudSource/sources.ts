/**
 * Where a cloud source's files are: an SFTP server (password or private key), an S3 bucket (access keys, or a role
 * assumed for the run) or Herald's own storage (uploads).
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { CloudRunProblem, CloudSource } from '../../../shared/entities';
import { unseal } from '../../platform/keys';
import { type CustomerCredentials, CustomerAwsRefused, customerCredentials } from '../../platform/customerAws';
export { roleAccountOf } from '../../platform/customerAws';
import type { Runtime } from '../../platform/runtime';
import { AddressRefused, checkedAddress } from '../../platform/addresses';
import { say } from '../../../shared/i18n/say';

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

export const uploadFolder = (orgId: number, sourceId: string) => `cloud-sources/${orgId}/${sourceId}/`;

/** `*` matches any run of characters; everything else is itself. */
export function fileNameMatcher(pattern: string): (name: string) => boolean {
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return (name) => re.test(name);
}

function joinPath(folder: string, name: string): string {
  if (!folder) return name;
  return folder.endsWith('/') ? `${folder}${name}` : `${folder}/${name}`;
}

export class SourceProblem extends Error {
  constructor(
    readonly problem: CloudRunProblem,
    message: string,
    readonly fingerprint?: string,
  ) {
    super(message);
  }
}

const PROBLEM_TEXT = {
  credentials: say('cloudRun.credentials'),
  hostKeyUnconfirmed: say('cloudRun.hostKeyUnconfirmed'),
  hostKeyChanged: say('cloudRun.hostKeyChanged'),
  ownAccountRole: say('cloudRun.ownAccountRole'),
  roleRefused: say('cloudRun.roleRefused'),
  unreachable: say('cloudRun.unreachable'),
} as const;

const problem = (kind: keyof typeof PROBLEM_TEXT, fingerprint?: string) => new SourceProblem(kind, PROBLEM_TEXT[kind], fingerprint);

/** An SSH host key as OpenSSH prints it: `SHA256:` and the unpadded base64 of the key's hash. */
export const hostKeyFingerprint = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** Whether a source holds every credential its type needs (and is not a copy still waiting for them). */
export function credentialsComplete(
  source: Pick<CloudSource, 'sourceType' | 'passwordSealed' | 'privateKeySealed' | 'roleArn' | 'accessKey' | 'secretKeySealed' | 'externalId' | 'credentialsNeeded'>,
): boolean {
  if (source.credentialsNeeded) return false;
  if (source.sourceType === 'SFTP') return Boolean(source.passwordSealed || source.privateKeySealed);
  if (source.sourceType === 'S3') return source.roleArn ? Boolean(source.externalId) : Boolean(source.accessKey && source.secretKeySealed);
  return true;
}

const until = (start: number, ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, start + ms - Date.now())));

async function sftpReader(rt: Runtime, source: CloudSource): Promise<SourceReader> {
  const connectMs = rt.config.cloudSources.sftpConnectMs;
  const started = Date.now();
  let address: string;
  try {
    address = await checkedAddress(source.host, rt.config.outbound);
  } catch (e) {
    if (e instanceof AddressRefused) throw new SourceProblem('addressRefused', e.message);
    await until(started, connectMs);
    throw problem('unreachable');
  }
  const { default: SftpClient } = await import('ssh2-sftp-client');
  const client = new SftpClient();
  let shown: string | undefined;
  const trusted = source.hostKey;
  try {
    await client.connect({
      host: address,
      port: source.port,
      username: source.username,
      // credentials only go with a confirmed key; the verifier still refuses any other key before they are used
      ...(trusted && source.passwordSealed ? { password: unseal(rt.keys, source.passwordSealed) } : {}),
      ...(trusted && source.privateKeySealed ? { privateKey: unseal(rt.keys, source.privateKeySealed) } : {}),
      hostVerifier: (key: Buffer) => {
        shown = hostKeyFingerprint(key);
        return trusted !== undefined && shown === trusted;
      },
      readyTimeout: connectMs,
      retries: 0,
    });
  } catch (e) {
    await client.end().catch(() => undefined);
    if (shown && shown !== trusted) throw problem(trusted ? 'hostKeyChanged' : 'hostKeyUnconfirmed', shown);
    // the server showed the confirmed key, so it is the partner's: its own refusal (a wrong password) is the reason
    if (shown) throw e;
    await until(started, connectMs);
    throw problem('unreachable');
  }
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

async function s3Credentials(rt: Runtime, source: CloudSource): Promise<CustomerCredentials> {
  try {
    return await customerCredentials(rt, source, `herald-cloud-source-${source.id}`);
  } catch (e) {
    if (e instanceof CustomerAwsRefused) throw problem(e.problem);
    throw e;
  }
}

async function s3Reader(rt: Runtime, source: CloudSource): Promise<SourceReader> {
  const credentials = await s3Credentials(rt, source);
  // loaded on first use: the router Lambda (which saves sources) never needs these clients at a cold start
  const { GetObjectCommand, ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  // locally every bucket is in the S3 stand-in; on AWS the endpoint is S3's own (a source names none)
  const endpoint = rt.aws.endpoints.s3;
  const s3 = new S3Client({ region: source.region, ...(endpoint ? { endpoint, forcePathStyle: true } : {}), credentials });
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

/** The source's reader; a source without its credentials is refused before anything is built. */
export async function openSource(rt: Runtime, source: CloudSource): Promise<SourceReader> {
  if (!credentialsComplete(source)) throw problem('credentials');
  if (source.sourceType === 'SFTP') return sftpReader(rt, source);
  if (source.sourceType === 'S3') return s3Reader(rt, source);
  return uploadReader(rt, source);
}
