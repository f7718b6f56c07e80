/**
 * A channel is one module (ARCHITECTURE.md section 5): its name is written as a string only in the declaration,
 * its own folders and the schemas that tell its content apart. Everywhere else a list or a choice of channels is
 * read from shared/delivery.ts (`channelsWith`, `CHANNELS`) or from a `Record<Channel, ...>` of the channel
 * module, so a new channel is a compile error where it is missing, not a silent gap. This file reads the sources
 * and fails on a channel name literal (`'SMS'`, `"LINE"`, a `z.literal('EMAIL')`) outside those places.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../shared/delivery';

const ROOTS = ['shared', 'functions', 'web/src'];
/** a string that is exactly a channel's name, in any quotes */
const LITERAL = new RegExp(`(['"\`])(${CHANNELS.join('|')})\\1`);

/** Where a channel's name belongs: the channel module itself. */
const CHANNEL_MODULE: readonly { path: RegExp; reason: string }[] = [
  { path: /^shared\/delivery\.ts$/, reason: 'the declaration: CHANNELS and each channel’s capabilities' },
  { path: /^functions\/channels\/(push|sms|email|line|directMail)\//, reason: 'each channel’s adapter, provider and renderer' },
  { path: /^web\/src\/pages\/template\/channel\//, reason: 'the web’s per-channel editors, previews and drafts' },
  { path: /^shared\/content\//, reason: 'each channel’s content schema: the template’s channel is its discriminator' },
  { path: /^shared\/i18n\/|^web\/src\/i18n\/areas\//, reason: 'texts: a channel’s name as a word people read (SMS, LINE), keyed by channel' },
];

/**
 * The files outside the channel module that still name a channel, each with why. A file leaves this list when
 * its names go; the test fails on a listed file that no longer names one, so the list stays true.
 */
const EXCEPTIONS: Record<string, string> = {
  // schemas: a channel's name is the discriminator of a union, as zod reads it
  'shared/render/template.ts': 'the email template’s schema: its optional channel discriminator',
  'shared/plan/plan.ts': 'the plan content’s schema: `kind` is its discriminator, one variant per channel',
  'shared/services/planTestSends.ts': 'the test-send target’s schema: `channel` discriminates each channel’s address rules (and the reach warning of letters)',
  'functions/channels/sender.ts': 'the email provider request’s type, discriminated by its channel beside the sender port',
  // outside formats: names another system gives
  'shared/import/pinpointTemplates.ts': 'reads Amazon Pinpoint’s template export, whose template kinds are named per channel',
  'shared/import/pinpoint.ts': 'reads Amazon Pinpoint’s endpoints, whose ChannelType names the channel',
  'functions/jobs/run.ts': 'the SES feedback job: its events are e-mail’s by their source',
  // texts
  'functions/local/messageViewerTexts.ts': 'the local message viewer’s tab names (SMS, LINE) as words in three languages',
};

function sources(): string[] {
  return ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$|\.d\.ts$/.test(name) && !name.includes('node_modules'))
      .map((name) => `${root}/${name}`),
  );
}

/** Each file naming a channel in a string, with its first such line. */
function namingFiles(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources()) {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => LITERAL.test(l));
    if (line !== undefined) found.set(file, line.trim());
  }
  return found;
}

describe('channel names', () => {
  const found = namingFiles();
  const inModule = (file: string) => CHANNEL_MODULE.some((m) => m.path.test(file));

  it('are written only in the channel module and the listed exceptions', () => {
    const outside = [...found].filter(([file]) => !inModule(file) && !(file in EXCEPTIONS)).map(([file, line]) => `${file}: ${line}`);
    expect(outside).toEqual([]);
  });

  it('lists no exception that no longer names a channel, nor one inside the channel module', () => {
    expect(Object.keys(EXCEPTIONS).filter((file) => !found.has(file) || inModule(file))).toEqual([]);
  });

  it('finds a channel name in any quotes and not in a longer word', () => {
    expect(['x === "SMS"', "z.literal('LINE')", 'case `EMAIL`:'].every((l) => LITERAL.test(l))).toBe(true);
    expect(["'SMS_PARTS'", "'EMAIL_API'", 'EMAIL: 1', "'LINE messages'"].some((l) => LITERAL.test(l))).toBe(false);
  });
});
