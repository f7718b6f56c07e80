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
  'shared/services/plan.ts': 'the test-send target’s schema: `channel` discriminates each channel’s address rules (and the reach warning of letters)',
  'functions/channels/sender.ts': 'the email provider request’s type, discriminated by its channel beside the sender port',
  // outside formats: names another system gives
  'shared/import/pinpointTemplates.ts': 'reads Amazon Pinpoint’s template export, whose template kinds are named per channel',
  'shared/import/pinpoint.ts': 'reads Amazon Pinpoint’s endpoints, whose ChannelType names the channel',
  'functions/jobs/run.ts': 'the SES feedback job: its events are e-mail’s by their source',
  // texts
  'functions/local/messageViewer.ts': 'the local message viewer’s tab names (SMS, LINE) as words in three languages',
  // the email builder: email content is blocks, edited by its own builder, not the channel editor
  'functions/services/plan/handlers.ts': 'the email test mail (plan.testMail) through the organization’s own e-mail provider',
  'web/src/pages/campaign/wizard.ts': 'the wizard’s form keeps an email draft and a channel draft side by side; still to move behind a per-channel record',
  'web/src/pages/campaign/wizard/ContentStep.tsx': 'chooses the email builder or the channel editor; still to move behind a per-channel record',
  'web/src/pages/campaign/detail/ContentTab.tsx': 'chooses the email view or a channel’s preview; still to move into web/src/pages/template/channel',
  'web/src/pages/campaign/detail/OverviewTab.tsx': 'an email’s subject and languages; still to move behind the content’s summary',
  'web/src/pages/campaign/wizard/ReviewStep.tsx': 'the email builder’s review, an SMS’s reach and a letter’s company; still to move behind per-channel records',
  'web/src/pages/campaign/wizard/ChannelContent.tsx': 'each channel’s editor and a letter’s company; still to move into web/src/pages/template/channel',
  'web/src/pages/campaign/wizard/TestSend.tsx': 'each channel’s test-send addresses (devices, numbers, LINE ids, none for letters); still to move behind per-channel records',
  'functions/services/brandVoice/compose.ts': 'the AI composer’s answer read as each channel’s content; still to move into the channel modules',
  'functions/services/plan/testSends.ts': 'a push device’s id, an SMS number’s normalizing and a letter’s PDF in a test send; still to move behind adapter methods',
  'functions/services/directMail/handlers.ts': 'the letters’ own operations (a run’s PDFs): they serve direct mail only',
  'functions/services/templateMessage/handlers.ts': 'the letter PDF preview: only a letter has one',
  'functions/services/messageProvider/handlers.ts': 'an own provider’s test message, an SMS or an e-mail by the provider’s channel',
  'web/src/pages/messageProvider/MessageProviderSection.tsx': 'an own provider’s form, an SMS or an e-mail one',
  // figures: which counters a channel has beyond its capabilities
  'shared/metrics.ts': 'the figures only one channel has (email bounces, SMS parts, letters, push CTAs); still to move behind capabilities',
  'web/src/pages/campaign/detail/AnalyticsTab.tsx': 'the rows of the figures only one channel has (SMS parts, letters, push per OS)',
  'functions/services/report/word.ts': 'a report’s totals are figured as email’s, the channel with every figure',
  'web/src/pages/report/PlanReportPage.tsx': 'a report’s totals are figured as email’s, the channel with every figure',
  'web/src/pages/messageConsole/SendCells.tsx': 'an SMS address is a phone number, shown formatted',
  'web/src/pages/campaign/detail/JourneySummary.tsx': 'a journey’s SMS step shows its parts and cost',
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
