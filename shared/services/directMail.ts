/** Direct mail's files (spec 000 section 7, /service/web/directMail/downloadPdf), by a short-lived link. */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { selectedMessageId } from './message';
import { operation } from './operation';

/** A print vendor takes files of a few hundred MB at most; 500 letters of 30–100 KB stay near 50 MB. */
export const LETTERS_PER_FILE = 500;

export const LETTER_LINK_SECONDS = 15 * 60;

export const LETTER_FILES = ['LETTERS', 'MANIFEST', 'LETTER'] as const;

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
  runId: z.string().trim().min(1).max(64).optional(),
};

export const downloadPdfPayload = z.discriminatedUnion('file', [
  z.object({ ...run, file: z.literal('LETTERS'), part: z.number().int().min(1).max(100_000).optional() }),
  z.object({ ...run, file: z.literal('MANIFEST') }),
  z.object({ ...run, file: z.literal('LETTER'), accountId: idString }),
]);
export type DownloadPdfPayload = z.input<typeof downloadPdfPayload>;

export const directMailServices = {
  downloadPdf: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: downloadPdfPayload,
    response: z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), expiresAt: z.number().int(), runId: z.string(), parts: z.number().int().optional() }),
  }),
} as const;
