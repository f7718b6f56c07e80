/** A grouped bar chart as a PNG, for documents (the Word report), drawn on the server without a canvas. */
import { crc32, deflateSync } from 'node:zlib';

export interface BarGroup {
  values: readonly number[];
}

type Rgb = readonly [number, number, number];
export const SERIES_COLOURS: readonly Rgb[] = [
  [30, 58, 138],
  [22, 163, 74],
  [234, 88, 12],
];

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function encodePng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, truecolour, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

export function barChartPng(groups: readonly BarGroup[], width = 640, height = 260): Buffer {
  const pixels = new Uint8Array(width * height * 3).fill(255);
  const fill = (x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++) for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) pixels.set([r, g, b], (y * width + x) * 3);
  };
  const margin = 16;
  const base = height - margin;
  fill(margin, base, width - margin, base + 2, [107, 114, 128]);
  const max = Math.max(1, ...groups.flatMap((g) => g.values));
  const series = Math.max(1, ...groups.map((g) => g.values.length));
  const slot = (width - 2 * margin) / Math.max(1, groups.length);
  const bar = Math.max(2, Math.floor((slot * 0.8) / series));
  groups.forEach((g, i) => {
    const left = Math.round(margin + i * slot + slot * 0.1);
    g.values.forEach((v, s) => {
      const h = Math.round((v / max) * (base - margin));
      fill(left + s * bar, base - h, left + (s + 1) * bar - 1, base, SERIES_COLOURS[s % SERIES_COLOURS.length]!);
    });
  });
  return encodePng(width, height, pixels);
}
