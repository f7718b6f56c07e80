// Reads an APNs .p12 file (PKCS#12, RFC 7292) into the PEM certificate and private key End User Messaging's APNs
// channel takes (it has no field for a .p12).
import { createDecipheriv, createHash, createPrivateKey, type KeyObject, pbkdf2Sync, X509Certificate } from 'node:crypto';

interface Node {
  tag: number;
  /** the content bytes (a BER constructed OCTET STRING's chunks joined) */
  content: Buffer;
  children: Node[];
}

export class Pkcs12Error extends Error {}

const fail = (why: string): never => {
  throw new Pkcs12Error(why);
};

function read(buf: Buffer, at: number, depth = 0): { node: Node; end: number } {
  if (depth > 40 || at + 2 > buf.length) fail('truncated');
  const tag = buf[at]!;
  if ((tag & 0x1f) === 0x1f) fail('long tags are not used in PKCS#12');
  let pos = at + 1;
  let len = buf[pos++]!;
  const constructed = (tag & 0x20) !== 0;
  if (len === 0x80) {
    if (!constructed) fail('indefinite primitive');
    const children: Node[] = [];
    while (!(buf[pos] === 0 && buf[pos + 1] === 0)) {
      const r = read(buf, pos, depth + 1);
      children.push(r.node);
      pos = r.end;
      if (pos >= buf.length) fail('truncated');
    }
    return { node: { tag, content: Buffer.concat(children.map((c) => c.content)), children }, end: pos + 2 };
  }
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n > 4) fail('length too long');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[pos++]!;
  }
  const end = pos + len;
  if (end > buf.length) fail('truncated');
  const content = buf.subarray(pos, end);
  const children: Node[] = [];
  if (constructed) {
    for (let p = pos; p < end; ) {
      const r = read(buf, p, depth + 1);
      children.push(r.node);
      p = r.end;
    }
  }
  // a BER constructed OCTET STRING is its chunks
  const joined =
    constructed && (tag === 0x24 || tag === 0xa0) && children.every((c) => c.tag === 0x04) && children.length > 0 ? Buffer.concat(children.map((c) => c.content)) : content;
  return { node: { tag, content: tag === 0x24 ? joined : content, children }, end };
}

const parse = (buf: Buffer): Node => read(buf, 0).node;

function oid(node: Node | undefined): string {
  if (node?.tag !== 0x06) return fail('OID expected');
  const b = node.content;
  const parts = [Math.floor(b[0]! / 40), b[0]! % 40];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + (b[i]! & 0x7f);
    if (!(b[i]! & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

function int(node: Node | undefined): number {
  if (node?.tag !== 0x02 || node.content.length > 6) return fail('INTEGER expected');
  return node.content.reduce((n, b) => n * 256 + b, 0);
}

function octets(node: Node | undefined): Buffer {
  if (!node) return fail('OCTET STRING expected');
  if (node.children.length && node.children.every((c) => c.tag === 0x04)) return Buffer.concat(node.children.map((c) => c.content));
  return node.content;
}

const explicit = (node: Node | undefined): Node => (node && node.tag === 0xa0 && node.children[0] ? node.children[0] : fail('[0] expected'));

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  sha1And3Des: '1.2.840.113549.1.12.1.3',
} as const;

const PRF: Record<string, string> = { '1.2.840.113549.2.7': 'sha1', '1.2.840.113549.2.9': 'sha256', '1.2.840.113549.2.10': 'sha384', '1.2.840.113549.2.11': 'sha512' };
const CIPHERS: Record<string, { name: string; key: number }> = {
  '2.16.840.1.101.3.4.1.2': { name: 'aes-128-cbc', key: 16 },
  '2.16.840.1.101.3.4.1.22': { name: 'aes-192-cbc', key: 24 },
  '2.16.840.1.101.3.4.1.42': { name: 'aes-256-cbc', key: 32 },
  '1.2.840.113549.3.7': { name: 'des-ede3-cbc', key: 24 },
};

function pkcs12Kdf(password: string, salt: Buffer, iterations: number, id: number, size: number): Buffer {
  const u = 20;
  const v = 64;
  const pass = Buffer.alloc(password.length * 2 + 2);
  for (let i = 0; i < password.length; i++) pass.writeUInt16BE(password.charCodeAt(i), i * 2);
  const fill = (src: Buffer) => {
    const out = Buffer.alloc(src.length ? v * Math.ceil(src.length / v) : 0);
    for (let i = 0; i < out.length; i++) out[i] = src[i % src.length]!;
    return out;
  };
  const D = Buffer.alloc(v, id);
  const I = Buffer.concat([fill(salt), fill(pass)]);
  const out: Buffer[] = [];
  for (let made = 0; made < size; made += u) {
    let A = createHash('sha1').update(D).update(I).digest();
    for (let r = 1; r < iterations; r++) A = createHash('sha1').update(A).digest();
    out.push(A);
    const B = fill(A);
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = I[j + k]! + B[k]! + carry;
        I[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, size);
}

function decrypt(algorithm: Node, data: Buffer, password: string): Buffer {
  const scheme = oid(algorithm.children[0]);
  const params = algorithm.children[1];
  let cipher: string;
  let key: Buffer;
  let iv: Buffer;
  if (scheme === OID.pbes2) {
    const kdf = params?.children[0];
    const enc = params?.children[1];
    if (!kdf || oid(kdf.children[0]) !== OID.pbkdf2 || !enc) return fail('unsupported key derivation');
    const kp = kdf.children[1]!;
    const salt = octets(kp.children[0]);
    const iterations = int(kp.children[1]);
    const prfNode = kp.children.find((c) => c.tag === 0x30);
    const digest = prfNode ? PRF[oid(prfNode.children[0])] : 'sha1';
    const c = CIPHERS[oid(enc.children[0])];
    if (!digest || !c) return fail('unsupported cipher');
    cipher = c.name;
    key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, c.key, digest);
    iv = octets(enc.children[1]);
  } else if (scheme === OID.sha1And3Des) {
    const salt = octets(params?.children[0]);
    const iterations = int(params?.children[1]);
    cipher = 'des-ede3-cbc';
    key = pkcs12Kdf(password, salt, iterations, 1, 24);
    iv = pkcs12Kdf(password, salt, iterations, 2, 8);
  } else {
    return fail(`unsupported encryption ${scheme} (export the .p12 again with AES or 3DES)`);
  }
  try {
    const d = createDecipheriv(cipher, key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  } catch {
    return fail('wrong password');
  }
}

export interface ApnsCertificate {
  certificatePem: string;
  privateKeyPem: string;
  subject: string;
  expiresAt: number;
}

/** The certificate and private key of a .p12; throws Pkcs12Error when it cannot be read with the password. */
export function readPkcs12(p12: Buffer, password: string): ApnsCertificate {
  const pfx = parse(p12);
  if (pfx.tag !== 0x30 || int(pfx.children[0]) !== 3) fail('not a PKCS#12 file');
  const authSafe = pfx.children[1]!;
  if (oid(authSafe.children[0]) !== OID.data) fail('signed PKCS#12 files are not supported');
  const safes = parse(octets(explicit(authSafe.children[1])));
  const certs: X509Certificate[] = [];
  const keys: KeyObject[] = [];
  for (const info of safes.children) {
    const type = oid(info.children[0]);
    let contents: Buffer;
    if (type === OID.data) contents = octets(explicit(info.children[1]));
    else if (type === OID.encryptedData) {
      const eci = explicit(info.children[1]).children[1]!;
      const encrypted = eci.children[2];
      if (!encrypted) continue;
      contents = decrypt(eci.children[1]!, octets(encrypted), password);
    } else continue;
    for (const bag of parse(contents).children) {
      const bagId = oid(bag.children[0]);
      const value = explicit(bag.children[1]);
      const raw = encodeNode(value);
      if (bagId === OID.certBag) {
        if (oid(value.children[0]) === OID.x509) certs.push(new X509Certificate(octets(explicit(value.children[1]))));
      } else if (bagId === OID.keyBag) {
        keys.push(createPrivateKey({ key: raw, format: 'der', type: 'pkcs8' }));
      } else if (bagId === OID.shroudedKeyBag) {
        // Node (OpenSSL) decrypts an EncryptedPrivateKeyInfo itself; the 3DES PKCS#12 scheme wants the password as-is
        try {
          keys.push(createPrivateKey({ key: raw, format: 'der', type: 'pkcs8', passphrase: password }));
        } catch {
          const algorithm = value.children[0]!;
          keys.push(createPrivateKey({ key: decrypt(algorithm, octets(value.children[1]), password), format: 'der', type: 'pkcs8' }));
        }
      }
    }
  }
  const key = keys[0] ?? fail('no private key');
  const cert = certs.find((c) => c.checkPrivateKey(key)) ?? fail('no certificate for the private key');
  return {
    certificatePem: cert.toString(),
    privateKeyPem: key.export({ type: 'pkcs8', format: 'pem' }) as string,
    subject: cert.subject.replace(/\n/g, ', ').slice(0, 500),
    expiresAt: Date.parse(cert.validTo),
  };
}

function encodeNode(node: Node): Buffer {
  const body = node.children.length && node.tag !== 0x04 ? Buffer.concat(node.children.map(encodeNode)) : node.content;
  const len = body.length;
  const head =
    len < 0x80
      ? Buffer.from([node.tag, len])
      : len < 0x100
        ? Buffer.from([node.tag, 0x81, len])
        : len < 0x10000
          ? Buffer.from([node.tag, 0x82, len >> 8, len & 0xff])
          : Buffer.from([node.tag, 0x83, len >> 16, (len >> 8) & 0xff, len & 0xff]);
  return Buffer.concat([head, body]);
}
