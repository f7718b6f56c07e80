import { describe, expect, it } from 'vitest';
import { assetNameProblem, checkUpload, gifFrames, sniffType, UPLOAD_MESSAGES } from './uploads';
import { gif } from './fixtures/gif';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from('IHDR')]);
const jpg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from('JFIF')]);

describe('uploads', () => {
  it('tell a type by its bytes, not its name', () => {
    expect(sniffType(png)).toBe('png');
    expect(sniffType(jpg)).toBe('jpg');
    expect(sniffType(gif(1))).toBe('gif');
    expect(sniffType(Buffer.from('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffType(Buffer.from('\uFEFF<!DOCTYPE html><html></html>'))).toBe('html');
    expect(sniffType(Buffer.from('id,email\n1,a@example.com\n'))).toBe('text');
    expect(sniffType(Uint8Array.from([0, 1, 2, 3, 0xff]))).toBe('other');
    // a kana cut at the 4 KB window is still text
    expect(sniffType(Buffer.from('a'.repeat(4095) + 'あいう'))).toBe('text');
  });

  it('count GIF frames', () => {
    expect(gifFrames(gif(1))).toBe(1);
    expect(gifFrames(gif(3), 10)).toBe(3);
    expect(gifFrames(Uint8Array.from([...gif(1)].slice(0, 20)))).toBe(-1);
  });

  it('refuse a PNG named .gif for a GIF, an animated GIF for an image, and one byte over the limit', () => {
    expect(checkUpload('gif', 'banner.gif', png)).toEqual({ ok: false, type: 'png', message: UPLOAD_MESSAGES.wrongImage });
    expect(checkUpload('image', 'moving.gif', gif(2))).toEqual({ ok: false, type: 'gif', message: UPLOAD_MESSAGES.wrongImage });
    expect(checkUpload('gif', 'moving.gif', gif(2)).ok).toBe(true);
    expect(checkUpload('image', 'still.gif', gif(1)).ok).toBe(true);
    const big = new Uint8Array(3 * 1024 * 1024 + 1);
    big.set(gif(1));
    expect(checkUpload('gif', 'big.gif', big)).toMatchObject({ ok: false, message: 'The maximum file size is 3MB, please re-upload!' });
    expect(checkUpload('gif', 'exact.gif', big.subarray(0, 3 * 1024 * 1024)).ok).toBe(true);
    expect(checkUpload('list', 'list.csv', new Uint8Array(60 * 1024 + 1).fill(65))).toMatchObject({ ok: false, message: 'The maximum file size is 60KB, please re-upload!' });
    expect(checkUpload('file', 'empty.txt', new Uint8Array())).toMatchObject({ ok: false, message: 'Please upload a file first.' });
  });

  it('refuse names with invalid characters', () => {
    for (const name of ['a/b.png', 'a\\b.png', 'what?.png', 'x<y>.png', 'pipe|.png', '.hidden', 'tab\t.png', '', ' ', 'a'.repeat(129)]) {
      expect(assetNameProblem(name), JSON.stringify(name)).toBe(UPLOAD_MESSAGES.badName);
    }
    for (const name of ['banner.png', 'Spring sale 2026.jpg', '春のセール.png', 'logo-v2_final.gif']) expect(assetNameProblem(name)).toBeNull();
    expect(checkUpload('image', 'bad:name.png', png)).toMatchObject({ ok: false, message: UPLOAD_MESSAGES.badName });
  });
});
