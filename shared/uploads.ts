import { say } from './i18n/say';
/** What may be uploaded (spec 001 section 5), types told by their bytes; browser and server check with the same code. */

export type UploadUse = 'image' | 'gif' | 'thumbnail' | 'file' | 'list' | 'brandSample';
export type SniffedType = 'png' | 'jpg' | 'gif' | 'pdf' | 'html' | 'text' | 'other';

interface UseRule {
  maxBytes: number;
  maxLabel: string;
  types?: readonly SniffedType[];
  stillOnly?: boolean;
}

const KB = 1024;
const MB = 1024 * KB;

export const UPLOAD_RULES: Record<UploadUse, UseRule> = {
  image: { maxBytes: MB, maxLabel: '1MB', types: ['png', 'jpg', 'gif'], stillOnly: true },
  gif: { maxBytes: 3 * MB, maxLabel: '3MB', types: ['gif'] },
  thumbnail: { maxBytes: MB, maxLabel: '1MB', types: ['png', 'jpg'] },
  /** HTML is sanitised when stored */
  file: { maxBytes: MB, maxLabel: '1MB' },
  list: { maxBytes: 60 * KB, maxLabel: '60KB', types: ['text'] },
  brandSample: { maxBytes: 3 * MB, maxLabel: '3MB', types: ['pdf'] },
};

/** The browser PUTs it straight to storage through a link signed for exactly its size. */
export const IMPORT_FILE_UPLOAD = { maxBytes: 2048 * MB, maxLabel: '2GB', contentType: 'text/csv' } as const;

export const UPLOAD_MESSAGES = {
  none: say('form.uploadNone'),
  tooLarge: (max: string) => say('form.uploadTooLarge', { max }),
  wrongImage: say('form.uploadWrongImage'),
  wrongFile: say('form.uploadWrongFile'),
  badName: say('form.uploadBadName'),
} as const;

const startsWith = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

export function sniffType(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpg';
  if (/^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^(<!doctype html|<html|<head|<body|<table|<div|<p[\s>])/.test(head)) return 'html';
  // streaming, so a character cut at the window's end is fine
  const window = bytes.subarray(0, 4096);
  if (!window.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(window, { stream: true });
      return 'text';
    } catch {
      // not UTF-8
    }
  }
  return 'other';
}

/** -1 for a GIF too broken to walk (refused) */
export function gifFrames(bytes: Uint8Array, stopAt = 2): number {
  let i = 13;
  const flags = bytes[10] ?? 0;
  if (flags & 0x80) i += 3 * 2 ** ((flags & 0x07) + 1); // global colour table
  let frames = 0;
  const skipSubBlocks = () => {
    while (i < bytes.length) {
      const size = bytes[i]!;
      i += 1;
      if (size === 0) return true;
      i += size;
    }
    return false;
  };
  while (i < bytes.length) {
    const block = bytes[i]!;
    if (block === 0x3b) return frames; // trailer
    if (block === 0x21) {
      i += 2;
      if (!skipSubBlocks()) return -1;
    } else if (block === 0x2c) {
      frames += 1;
      if (frames >= stopAt) return frames;
      const local = bytes[i + 9] ?? 0;
      i += 10;
      if (local & 0x80) i += 3 * 2 ** ((local & 0x07) + 1);
      i += 1; // LZW minimum code size
      if (!skipSubBlocks()) return -1;
    } else return -1;
  }
  return frames > 0 ? frames : -1;
}

export function assetNameProblem(name: string): string | null {
  const trimmed = name.trim();
  // eslint-disable-next-line no-control-regex
  if (!trimmed || trimmed.length > 128 || /[/\\:*?"<>|\u0000-\u001f\u007f]/.test(trimmed) || trimmed.startsWith('.')) return UPLOAD_MESSAGES.badName;
  return null;
}

export interface UploadCheck {
  ok: boolean;
  type: SniffedType;
  message?: string;
}

export function checkUpload(use: UploadUse, name: string, bytes: Uint8Array): UploadCheck {
  const rule = UPLOAD_RULES[use];
  if (bytes.length === 0) return { ok: false, type: 'other', message: UPLOAD_MESSAGES.none };
  const nameProblem = assetNameProblem(name);
  if (nameProblem) return { ok: false, type: 'other', message: nameProblem };
  if (bytes.length > rule.maxBytes) return { ok: false, type: 'other', message: UPLOAD_MESSAGES.tooLarge(rule.maxLabel) };
  const type = sniffType(bytes);
  const imageUse = use === 'image' || use === 'gif' || use === 'thumbnail';
  if (rule.types && !rule.types.includes(type)) return { ok: false, type, message: imageUse ? UPLOAD_MESSAGES.wrongImage : UPLOAD_MESSAGES.wrongFile };
  if (type === 'gif') {
    const frames = gifFrames(bytes);
    if (frames < 0 || (rule.stillOnly && frames > 1)) return { ok: false, type, message: UPLOAD_MESSAGES.wrongImage };
  }
  return { ok: true, type };
}

export const CONTENT_TYPES: Record<SniffedType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  html: 'text/html; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  other: 'application/octet-stream',
};
