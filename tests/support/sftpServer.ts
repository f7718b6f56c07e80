/**
 * A real SFTP server for tests (ssh2's server side), serving files kept in memory from one folder. It takes a
 * password or a public key, as partners' servers do, and speaks the SSH and SFTP protocols for real, so the
 * cloud source's SFTP client is tested over the wire. It can restart on its port with a new host key, and it
 * records every sign-in attempt, so a test sees what a client sent to a server it should not have trusted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import ssh2 from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE } = utils.sftp;

export interface SftpServer {
  port: number;
  username: string;
  password: string;
  /** the client's private key (OpenSSH format) the server accepts */
  privateKey: string;
  /** files by path, e.g. `/outbox/list.csv`; changed freely by the test */
  files: Map<string, { data: Buffer; mtime: number }>;
  /** sign-ins that succeeded, by method */
  logins: string[];
  /** every sign-in attempt, by method, with the password when one was sent */
  attempts: { method: string; password?: string }[];
  /** the host key's fingerprint as OpenSSH prints it (SHA256:...) */
  hostKey: string;
  /** stops and starts again on the same port, with a new host key */
  restartWithNewHostKey(): Promise<void>;
  stop(): Promise<void>;
}

const fingerprintOf = (publicKey: string) => {
  const parsed = utils.parseKey(publicKey);
  if (parsed instanceof Error) throw parsed;
  return `SHA256:${createHash('sha256').update(parsed.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;
};

const FILE_MODE = 0o100644;
const DIR_MODE = 0o040755;

function longname(name: string, size: number, mtime: number, dir = false): string {
  const date = new Date(mtime * 1000).toUTCString().slice(5, 16);
  return `${dir ? 'd' : '-'}rw-r--r-- 1 owner group ${size} ${date} ${name}`;
}

/**
 * An ed25519 key pair that ssh2 reads back: now and then ssh2's generator makes one whose public half its own
 * parser calls malformed, so such a pair is made again.
 */
function keyPair(): { private: string; public: string } {
  for (let attempt = 0; ; attempt++) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.public) instanceof Error) && !(utils.parseKey(pair.private) instanceof Error)) return pair;
    if (attempt >= 20) throw new Error('ssh2 made no readable ed25519 key pair in 20 tries');
  }
}

export async function startSftpServer(opts: { username?: string; password?: string } = {}): Promise<SftpServer> {
  let hostKey = keyPair();
  const clientKey = keyPair();
  const allowedKey = utils.parseKey(clientKey.public);
  if (allowedKey instanceof Error) throw allowedKey;
  const username = opts.username ?? 'partner';
  const password = opts.password ?? 'Drop@Box#2026';
  const files = new Map<string, { data: Buffer; mtime: number }>();
  const logins: string[] = [];
  const attempts: { method: string; password?: string }[] = [];

  const serve = (client: ssh2.Connection) => {
    client
      .on('authentication', (ctx) => {
        attempts.push({ method: ctx.method, ...(ctx.method === 'password' ? { password: ctx.password } : {}) });
        if (ctx.username !== username) return ctx.reject();
        if (ctx.method === 'password' && ctx.password === password) {
          logins.push('password');
          return ctx.accept();
        }
        if (ctx.method === 'publickey') {
          const wanted = allowedKey.getPublicSSH();
          if (ctx.key.algo !== allowedKey.type || ctx.key.data.length !== wanted.length || !timingSafeEqual(ctx.key.data, wanted)) return ctx.reject();
          if (!ctx.signature) return ctx.accept();
          if (allowedKey.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) === true) {
            logins.push('publickey');
            return ctx.accept();
          }
          return ctx.reject();
        }
        ctx.reject(['password', 'publickey']);
      })
      .on('ready', () => {
        client.on('session', (acceptSession) => {
          const session = acceptSession();
          session.on('sftp', (acceptSftp) => {
            const sftp = acceptSftp();
            const handles = new Map<number, { path: string; dir?: boolean; listed?: boolean }>();
            let nextHandle = 0;
            const handleOf = (buf: Buffer) => (buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined);
            const newHandle = (entry: { path: string; dir?: boolean }) => {
              const id = nextHandle++;
              handles.set(id, entry);
              const buf = Buffer.alloc(4);
              buf.writeUInt32BE(id, 0);
              return buf;
            };
            const norm = (p: string) =>
              (
                '/' +
                p
                  .split('/')
                  .filter((s) => s && s !== '.')
                  .join('/')
              ).replace(/\/+$/, '') || '/';
            const isDir = (p: string) => p === '/' || [...files.keys()].some((f) => f.startsWith(`${p}/`));
            const attrsOf = (p: string) => {
              const f = files.get(p);
              if (f) return { mode: FILE_MODE, uid: 0, gid: 0, size: f.data.length, atime: f.mtime, mtime: f.mtime };
              return { mode: DIR_MODE, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 };
            };
            sftp
              .on('REALPATH', (id, path) => sftp.name(id, [{ filename: norm(path), longname: norm(path), attrs: attrsOf(norm(path)) }]))
              .on('STAT', (id, path) => {
                const p = norm(path);
                return files.has(p) || isDir(p) ? sftp.attrs(id, attrsOf(p)) : sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
              })
              .on('LSTAT', (id, path) => {
                const p = norm(path);
                return files.has(p) || isDir(p) ? sftp.attrs(id, attrsOf(p)) : sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
              })
              .on('OPENDIR', (id, path) => {
                const p = norm(path);
                if (!isDir(p)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
                sftp.handle(id, newHandle({ path: p, dir: true }));
              })
              .on('READDIR', (id, handle) => {
                const h = handleOf(handle);
                if (!h?.dir) return sftp.status(id, STATUS_CODE.FAILURE);
                if (h.listed) return sftp.status(id, STATUS_CODE.EOF);
                h.listed = true;
                const prefix = h.path === '/' ? '/' : `${h.path}/`;
                const names = [...files.entries()]
                  .filter(([f]) => f.startsWith(prefix) && !f.slice(prefix.length).includes('/'))
                  .map(([f, v]) => ({ filename: f.slice(prefix.length), longname: longname(f.slice(prefix.length), v.data.length, v.mtime), attrs: attrsOf(f) }));
                sftp.name(id, names);
              })
              .on('OPEN', (id, path) => {
                const p = norm(path);
                if (!files.has(p)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
                sftp.handle(id, newHandle({ path: p }));
              })
              .on('FSTAT', (id, handle) => {
                const h = handleOf(handle);
                return h ? sftp.attrs(id, attrsOf(h.path)) : sftp.status(id, STATUS_CODE.FAILURE);
              })
              .on('READ', (id, handle, offset, length) => {
                const h = handleOf(handle);
                const f = h && files.get(h.path);
                if (!f) return sftp.status(id, STATUS_CODE.FAILURE);
                if (offset >= f.data.length) return sftp.status(id, STATUS_CODE.EOF);
                sftp.data(id, f.data.subarray(offset, Math.min(f.data.length, offset + length)));
              })
              .on('CLOSE', (id, handle) => {
                const h = handleOf(handle);
                if (!h) return sftp.status(id, STATUS_CODE.FAILURE);
                handles.delete(handle.readUInt32BE(0));
                sftp.status(id, STATUS_CODE.OK);
              });
          });
        });
      })
      .on('error', () => undefined);
  };
  const connections = new Set<ssh2.Connection>();
  const listen = async (port: number) => {
    const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
      connections.add(client);
      client.on('close', () => connections.delete(client));
      serve(client);
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  const close = (server: ssh2.Server) =>
    new Promise<void>((resolve) => {
      for (const c of connections) c.end();
      server.close(() => resolve());
    });
  let server = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const handle: SftpServer = {
    port,
    username,
    password,
    privateKey: clientKey.private,
    files,
    logins,
    attempts,
    hostKey: fingerprintOf(hostKey.public),
    async restartWithNewHostKey() {
      await close(server);
      hostKey = keyPair();
      handle.hostKey = fingerprintOf(hostKey.public);
      server = await listen(port);
    },
    stop: () => close(server),
  };
  return handle;
}
