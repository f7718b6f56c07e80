/**
 * Direct mail's files (spec 000 section 7, /service/web/directMail/downloadPdf): a run's letters merged into one
 * PDF, the print provider's CSV manifest, or one recipient's letter. Whoever may see the message may download
 * them; the answer is a link that works for a few minutes, as data exports' downloads are.
 */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { selectedMessageId } from './message';
import { operation } from './operation';

/**
 * A run's letters are merged into files of at most this many: a print vendor's upload takes files of a few hundred
 * megabytes at most (a letter of a page or two is 30–100 KB as Herald draws it, so 500 stay near 50 MB or below).
 */
export const LETTERS_PER_FILE = 500;

/** how long a letter download link works */
export const LETTER_LINK_SECONDS = 15 * 60;

/** LETTERS: every letter of the run in one PDF; MANIFEST: the print provider's CSV; LETTER: one recipient's PDF */
export const LETTER_FILES = ['LETTERS', 'MANIFEST', 'LETTER'] as const;

/** Why a download cannot be had (the details of 720003 and 720009), in the portal's languages. */
export const LETTER_DOWNLOAD_MESSAGES = {
  notLetters: {
    en: 'Only a direct-mail message has letters to download.',
    zh: '只有直邮消息才有可下载的信件。',
    ja: 'ダウンロードできる手紙があるのはダイレクトメールのメッセージだけです。',
  },
  notSent: {
    en: 'The message has not been sent yet.',
    zh: '该消息尚未发送。',
    ja: 'このメッセージはまだ送信されていません。',
  },
  noRun: {
    en: 'The message has no such sending.',
    zh: '该消息没有这次发送。',
    ja: 'このメッセージにその送信はありません。',
  },
  stillSending: {
    en: 'The letters are still being made: the merged PDF and the manifest are ready when the sending completes.',
    zh: '信件仍在生成中：发送完成后即可下载合并的 PDF 和清单。',
    ja: '手紙はまだ作成中です。送信が完了すると、結合された PDF と一覧を利用できます。',
  },
  noLetters: {
    en: 'No letter of this sending was made.',
    zh: '这次发送没有生成任何信件。',
    ja: 'この送信で作成された手紙はありません。',
  },
  noPart: {
    en: 'The letters of this sending have no such file.',
    zh: '这次发送的信件没有这个文件。',
    ja: 'この送信の手紙にそのファイルはありません。',
  },
  noLetter: {
    en: 'No letter was made for this recipient in this sending.',
    zh: '这次发送没有为该收件人生成信件。',
    ja: 'この送信では、この受信者への手紙は作成されていません。',
  },
} as const;

const run = {
  planId: selectedMessageId,
  /** the plan's run; its latest when left out */
  runId: z.string().trim().min(1).max(64).optional(),
};

export const downloadPdfPayload = z.discriminatedUnion('file', [
  /** `part`: which of the merged files (of LETTERS_PER_FILE letters each), the first when left out */
  z.object({ ...run, file: z.literal('LETTERS'), part: z.number().int().min(1).max(100_000).optional() }),
  z.object({ ...run, file: z.literal('MANIFEST') }),
  z.object({ ...run, file: z.literal('LETTER'), accountId: idString }),
]);
export type DownloadPdfPayload = z.input<typeof downloadPdfPayload>;

export const directMailServices = {
  downloadPdf: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: downloadPdfPayload,
    // `parts`: how many merged files the run's letters are in (with LETTERS and MANIFEST)
    response: z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), expiresAt: z.number().int(), runId: z.string(), parts: z.number().int().optional() }),
  }),
} as const;
