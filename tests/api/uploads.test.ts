/**
 * Uploads (spec 000 section 7, spec 001 section 5) into s3rver through the storage port, and the asset manager:
 * types told by their bytes, animated GIFs, size limits with the spec's messages, asset names, HTML sanitised,
 * public assets served sandboxed, private ones only by signed links, folders, rename and delete, per organization.
 */
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { PATHS } from '../../shared/paths';
import { gif } from '../../shared/fixtures/gif';
import { ApiClient, goodHeaders, rawPost, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from('IHDR'), 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

/** Uploads with the multipart form route, as the asset manager's browser upload does. */
async function formUpload(client: ApiClient, fields: Record<string, string>, files: { name: string; bytes: Uint8Array }[], route = `${PATHS.upload}Form`) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) form.append(files.length > 1 ? 'files' : 'fileData', new Blob([Uint8Array.from(f.bytes)]), f.name);
  // fetch writes the multipart content type with its boundary
  const { 'content-type': _json, ...headers } = goodHeaders(herald);
  const res = await fetch(`${herald.url}${route}`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${client.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { state: string; payload: any; errorCode: string | null; errorMessage: string | null } };
}

async function jsonUpload(client: ApiClient | null, body: unknown, route: string = PATHS.upload) {
  const r = await rawPost(herald, route, JSON.stringify(body), goodHeaders(herald, client?.token ? { authorization: `Bearer ${client.token}` } : {}));
  return { status: r.status, body: r.json };
}

describe('uploads', () => {
  it('stores an image by the JSON route and serves it at a public address, sandboxed', async () => {
    const r = await jsonUpload(admin, { baseDir: 'campaigns', use: 'image', uploadBase64Info: { fileName: 'logo.png', content: b64(png) } });
    expect(r.body.state).toBe('S');
    const [file] = r.body.payload.files;
    expect(file).toMatchObject({ path: 'campaigns/logo.png', name: 'logo.png', folder: 'campaigns', size: png.length });
    expect(file.url).toBe(`${herald.url}${PATHS.assets}/1/campaigns/logo.png`);
    const res = await fetch(file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
  });

  it('takes a multipart form too (fileData, or several files)', async () => {
    const one = await formUpload(admin, { baseDir: 'form', use: 'image' }, [{ name: 'one.png', bytes: png }]);
    expect(one.body.payload.files.map((f: { path: string }) => f.path)).toEqual(['form/one.png']);
    const two = await formUpload(
      admin,
      { baseDir: 'form', use: 'gif' },
      [
        { name: 'a.gif', bytes: gif(2) },
        { name: 'b.gif', bytes: gif(1) },
      ],
      `${PATHS.upload}/uploadS3Form`,
    );
    expect(two.body.payload.files.map((f: { path: string }) => f.path)).toEqual(['form/a.gif', 'form/b.gif']);
  });

  it('refuses a PNG renamed .gif, an animated GIF where a still image is asked for, and names with invalid characters', async () => {
    const renamed = await formUpload(admin, { use: 'gif' }, [{ name: 'fake.gif', bytes: png }]);
    expect(renamed.status).toBe(400);
    expect(renamed.body.errorCode).toBe('400016');
    expect(renamed.body.errorMessage).toContain('You need upload the image again!');
    const animated = await formUpload(admin, { use: 'image' }, [{ name: 'moving.gif', bytes: gif(3) }]);
    expect(animated.body.errorMessage).toContain('You need upload the image again!');
    expect((await formUpload(admin, { use: 'gif' }, [{ name: 'moving.gif', bytes: gif(3) }])).body.state).toBe('S');
    for (const name of ['a:b.png', 'what?.png', '.hidden.png', 'x<y>.png']) {
      const bad = await jsonUpload(admin, { use: 'image', uploadBase64Info: { fileName: name, content: b64(png) } });
      expect(bad.body.errorCode, name).toBe('400016');
      expect(bad.body.errorMessage, name).toContain('The file name may not hold');
    }
    const folder = await jsonUpload(admin, { baseDir: '../other', use: 'image', uploadBase64Info: { fileName: 'a.png', content: b64(png) } });
    expect(folder.body.errorCode).toBe('400016');
  });

  it('refuses 3 MB + 1 byte of GIF with the spec message, and takes exactly 3 MB', async () => {
    const big = new Uint8Array(3 * 1024 * 1024 + 1);
    big.set(gif(1));
    const over = await formUpload(admin, { use: 'gif' }, [{ name: 'big.gif', bytes: big }]);
    expect(over.status).toBe(400);
    expect(over.body.errorMessage).toContain('The maximum file size is 3MB, please re-upload!');
    const exact = await formUpload(admin, { use: 'gif' }, [{ name: 'exact.gif', bytes: big.subarray(0, 3 * 1024 * 1024) }]);
    expect(exact.body.state).toBe('S');
    const image = await formUpload(admin, { use: 'image' }, [{ name: 'big.png', bytes: Uint8Array.from([...png, ...new Uint8Array(1024 * 1024)]) }]);
    expect(image.body.errorMessage).toContain('The maximum file size is 1MB, please re-upload!');
    expect((await jsonUpload(admin, { use: 'file', files: [] })).body.errorMessage).toContain('Please upload a file first.');
  });

  it('sanitises an HTML file before storing it', async () => {
    const html = '<html><body><p onclick="steal()">Hello</p><script>alert(1)</script><a href="javascript:alert(1)">x</a></body></html>';
    const r = await jsonUpload(admin, { use: 'file', uploadBase64Info: { fileName: 'page.html', content: b64(html) } });
    const res = await fetch(r.body.payload.files[0].url);
    expect(await res.text()).toBe('<html><body><p>Hello</p><a>x</a></body></html>');
  });

  it('keeps a private file out of the public path; its address is a signed link', async () => {
    const r = await jsonUpload(admin, { accessible: false, use: 'file', uploadBase64Info: { fileName: 'secret.txt', content: b64('confidential') } });
    const [file] = r.body.payload.files;
    expect(file.url).toContain('X-Amz-Signature=');
    expect(await (await fetch(file.url)).text()).toBe('confidential');
    expect((await fetch(`${herald.url}${PATHS.assets}/1/secret.txt`)).status).toBe(404);
    // nor does the public path climb out of the organization's assets
    expect((await fetch(`${herald.url}${PATHS.assets}/1/..%2F..%2Fprivate%2F1%2Fsecret.txt`)).status).toBe(404);
  });

  it('in AES256 mode takes the files as base64 JSON (uploadBase64Info) and the form alike', async () => {
    const aes = await startHerald({ config: { authType: 'AES256' } });
    try {
      const client = new ApiClient(aes);
      await client.login();
      const json = await rawPost(
        aes,
        PATHS.upload,
        JSON.stringify({ baseDir: 'aes', use: 'image', uploadBase64Info: { fileName: 'a.png', content: b64(png) } }),
        goodHeaders(aes, { authorization: `Bearer ${client.token}` }),
      );
      expect(json.json.payload.files[0].path).toBe('aes/a.png');
      const renamed = await rawPost(
        aes,
        PATHS.upload,
        JSON.stringify({ use: 'gif', uploadBase64Info: { fileName: 'fake.gif', content: b64(png) } }),
        goodHeaders(aes, { authorization: `Bearer ${client.token}` }),
      );
      expect(renamed.json.errorMessage).toContain('You need upload the image again!');
    } finally {
      await aes.stop();
    }
  });

  it('needs a signed-in user whose role may upload', async () => {
    const anonymous = await jsonUpload(null, { use: 'image', uploadBase64Info: { fileName: 'a.png', content: b64(png) } });
    expect(anonymous.body.errorCode).toBe('400018');
    const role = await admin.ok('userRole.save', { name: 'No assets', code: 'NO_ASSETS', permissions: ['NAV_DASHBOARD'] });
    await admin.ok('user.save', { username: 'no.assets', email: 'no.assets@example.com', roleId: role.id, password: 'NoAssets@1' });
    const plain = new ApiClient(herald);
    await plain.login('no.assets', 'NoAssets@1');
    expect((await jsonUpload(plain, { use: 'image', uploadBase64Info: { fileName: 'a.png', content: b64(png) } })).body.errorCode).toBe('730001');
  });
});

describe('the asset manager', () => {
  it('lists folders and files, renames, and deletes a file or an empty folder only', async () => {
    await admin.ok('s3Manager.saveFolder', { baseDir: '', name: 'spring' });
    expect((await admin.call('s3Manager.saveFolder', { baseDir: '', name: 'spring' })).body.errorCode).toBe('720001');
    await jsonUpload(admin, { baseDir: 'spring', use: 'image', uploadBase64Info: { fileName: 'hero.png', content: b64(png) } });
    const top = await admin.ok('s3Manager.getList', { baseDir: '' });
    expect(top.folders.map((f) => f.path)).toEqual(expect.arrayContaining(['spring', 'campaigns']));
    const spring = await admin.ok('s3Manager.getList', { baseDir: 'spring' });
    expect(spring.files.map((f) => f.name)).toEqual(['hero.png']);

    const renamed = await admin.ok('s3Manager.rename', { path: 'spring/hero.png', name: 'banner.png' });
    expect(renamed).toMatchObject({ path: 'spring/banner.png', url: `${herald.url}${PATHS.assets}/1/spring/banner.png` });
    expect((await fetch(renamed.url)).status).toBe(200);
    expect((await fetch(`${herald.url}${PATHS.assets}/1/spring/hero.png`)).status).toBe(404);

    const full = await admin.call('s3Manager.delete', { path: 'spring', folder: true });
    expect(full.body.errorCode).toBe('720009');
    await admin.ok('s3Manager.delete', { path: 'spring/banner.png' });
    expect((await admin.call('s3Manager.delete', { path: 'spring/banner.png' })).body.errorCode).toBe('720003');
    await admin.ok('s3Manager.delete', { path: 'spring', folder: true });
    expect((await admin.ok('s3Manager.getList', { baseDir: '' })).folders.map((f) => f.path)).not.toContain('spring');
  });

  it("is each organization's own", async () => {
    await admin.ok('organization.save', { name: 'Assets two', code: 'ASSETS2' });
    const other = new ApiClient(herald);
    other.token = (await admin.ok('user.switchOrganization', { orgId: 2 })).accessToken;
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    const theirs = await other.ok('s3Manager.getList', { baseDir: '' });
    expect(theirs.files).toEqual([]);
    expect(theirs.folders).toEqual([]);
    expect((await other.call('s3Manager.delete', { path: 'campaigns/logo.png' })).body.errorCode).toBe('720003');
    expect((await other.call('s3Manager.rename', { path: 'campaigns/logo.png', name: 'mine.png' })).body.errorCode).toBe('720003');
    expect((await fetch(`${herald.url}${PATHS.assets}/1/campaigns/logo.png`)).status).toBe(200);
  });
});

describe('asset paths storage cannot hold', () => {
  const long = '\u6f22'.repeat(67); // 201 bytes in UTF-8: more than a file system takes as one name
  const deep = Array.from({ length: 5 }, () => '\u6f22'.repeat(39)).join('/');

  it('refuses a name over 200 bytes or a path over the S3 key limit with 400016, never a 5xx, and stores nothing', async () => {
    const refusals = [
      await admin.call('upload.index', { baseDir: deep, files: [{ name: `${long}.txt`, contentBase64: b64('hi') }] }),
      await admin.call('upload.index', { files: [{ name: long, contentBase64: b64('hi') }] }),
      await admin.call('s3Manager.saveFolder', { baseDir: deep, name: long }),
      await admin.call('s3Manager.rename', { path: 'x.txt', name: long }),
      await admin.call('s3Manager.delete', { path: `a/${long}` }),
      await admin.call('s3Manager.getList', { baseDir: `${long}/${long}` }),
    ];
    refusals.forEach((r, i) => {
      expect([i, r.status, r.body.errorCode], r.body.errorMessage ?? '').toEqual([i, 400, '400016']);
      expect(r.body.errorMessage).toMatch(/200 bytes/);
    });
    const res = await fetch(`${herald.url}${PATHS.assets}/1/${encodeURIComponent(long)}`);
    expect(res.status).toBe(404);
    // the longest path the schemas allow still stores and reads back
    const fits = '\u6f22'.repeat(66);
    const stored = await admin.ok('upload.index', { baseDir: deep, files: [{ name: fits, contentBase64: b64('hi') }] });
    expect(stored.files[0].path).toBe(`${deep}/${fits}`);
    expect((await fetch(stored.files[0].url)).status).toBe(200);
  });
});

describe('paths with control characters (issue 38)', () => {
  it('answers a NUL or another control character in an asset path with 4xx, on the public path and every operation', async () => {
    for (const name of ['a%00.png', 'campaigns%2Fa%00b.png', '%00', 'a%0A.png', 'a%7F.png']) {
      const res = await fetch(`${herald.url}${PATHS.assets}/1/${name}`);
      expect([name, res.status]).toEqual([name, 404]);
    }
    const refusals = [
      await admin.call('upload.index', { baseDir: 'a\u0000b', files: [{ name: 'x.txt', contentBase64: b64('hi') }] }),
      await admin.call('upload.index', { files: [{ name: 'x\u0000.txt', contentBase64: b64('hi') }] }),
      await admin.call('s3Manager.saveFolder', { baseDir: '', name: 'a\u0000' }),
      await admin.call('s3Manager.rename', { path: 'x\u0000.txt', name: 'y.txt' }),
      await admin.call('s3Manager.delete', { path: 'a\u0000b' }),
      await admin.call('s3Manager.getList', { baseDir: 'a\u0000b' }),
    ];
    expect(refusals.map((r) => [r.status, r.body.errorCode])).toEqual(refusals.map(() => [400, '400016']));
  });
});

describe('signed upload links', () => {
  const bytesOf = (d: string | ArrayBuffer | ArrayBufferView) =>
    typeof d === 'string' ? d : ArrayBuffer.isView(d) ? new Uint8Array(d.buffer, d.byteOffset, d.byteLength) : new Uint8Array(d);
  const sha256 = class {
    private readonly h: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
    constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
      this.h = secret ? createHmac('sha256', bytesOf(secret)) : createHash('sha256');
    }
    update(data: string | ArrayBuffer | ArrayBufferView) {
      this.h.update(bytesOf(data));
    }
    async digest() {
      return new Uint8Array(this.h.digest());
    }
  };

  /** The signature S3 computes for a PUT to `link` with these headers: it matches the link's only if they are what was signed. */
  async function signatureFor(link: URL, headers: Record<string, string>): Promise<string> {
    const signer = new SignatureV4({
      service: 's3',
      region: herald.rt.config.region,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      sha256,
      uriEscapePath: false,
      applyChecksum: false,
    });
    const query = Object.fromEntries([...link.searchParams].filter(([name]) => !name.startsWith('X-Amz-') || name === 'x-id'));
    const stamp = link.searchParams.get('X-Amz-Date')!;
    const signingDate = new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`);
    const request = {
      method: 'PUT',
      protocol: link.protocol,
      hostname: link.hostname,
      port: Number(link.port),
      path: link.pathname,
      query,
      headers: { host: link.host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD', ...headers },
    };
    const signed = await signer.presign(request, { signingDate, expiresIn: Number(link.searchParams.get('X-Amz-Expires')), signableHeaders: new Set(Object.keys(headers)) });
    return (signed.query as Record<string, string>)['X-Amz-Signature']!;
  }

  it('binds Content-Type and Content-Length: any other length or type breaks the signature, and over the limit no link is made', async () => {
    const storage = herald.rt.ports.storage;
    const body = 'id,email\n1,a@example.com\n';
    const link = new URL(await storage.signedPutUrl('tests/terms/list.csv', 600, { contentType: 'text/csv', bytes: body.length, maxBytes: 60 * 1024 }));
    expect(link.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    const given = link.searchParams.get('X-Amz-Signature');
    expect(await signatureFor(link, { 'content-length': String(body.length), 'content-type': 'text/csv' })).toBe(given);
    expect(await signatureFor(link, { 'content-length': String(50 * 1024 * 1024), 'content-type': 'text/csv' })).not.toBe(given);
    expect(await signatureFor(link, { 'content-length': String(body.length), 'content-type': 'text/html' })).not.toBe(given);
    // what the browser sends for a File of this size and type goes through
    const res = await fetch(link, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body });
    expect(res.status).toBe(200);
    await expect(storage.signedPutUrl('tests/terms/big.csv', 600, { contentType: 'text/csv', bytes: 60 * 1024 + 1, maxBytes: 60 * 1024 })).rejects.toThrow(RangeError);
    await expect(storage.signedPutUrl('tests/terms/empty.csv', 600, { contentType: 'text/csv', bytes: 0, maxBytes: 60 * 1024 })).rejects.toThrow(RangeError);
  });
});
