/**
 * What the web knows of each channel besides the email builder's, one record per concern keyed by channel: its
 * editor, its preview and how its test send is addressed. The template library and the campaign wizard read
 * these records, so a channel missing from one does not compile.
 */
import type { LetterSender } from '../../../../../shared/content';
import { E164, LINE_USER_ID } from '../../../../../shared/phone';
import type { Recipient } from '../../../../../shared/render';
import type { TestSendChannel } from '../../../../../shared/services/plan';
import type { ChannelDraft, ContentChannel } from './channelDraft';
import type { EditorProps } from './fields';
import { LetterEditor, LetterPreview } from './LetterContent';
import { LineEditor, LinePreview } from './LineContent';
import { PushEditor, PushPreview } from './PushContent';
import { SmsEditor, SmsPreview } from './SmsContent';

/** Each channel's content editor of one language. */
export const CHANNEL_EDITORS: Record<ContentChannel, (props: EditorProps) => React.JSX.Element> = {
  PUSH_NATIVE: PushEditor,
  SMS: SmsEditor,
  LINE: LineEditor,
  DIRECT_MAIL: LetterEditor,
};

export interface ChannelPreviewProps {
  draft: ChannelDraft;
  language: string;
  /** a letter's sending company (null while none is chosen) */
  sender: LetterSender | null;
  recipient: Recipient;
  /** whether the draft passes its checks (a letter's PDF is offered only then) */
  valid: boolean;
}

const contentOf = ({ draft, language }: ChannelPreviewProps) => draft.contents[language] ?? {};

const CHANNEL_PREVIEWS: Record<ContentChannel, (props: ChannelPreviewProps) => React.JSX.Element> = {
  PUSH_NATIVE: (p) => <PushPreview content={contentOf(p)} recipient={p.recipient} />,
  SMS: (p) => <SmsPreview content={contentOf(p)} language={p.language} recipient={p.recipient} />,
  LINE: (p) => <LinePreview content={contentOf(p)} recipient={p.recipient} />,
  DIRECT_MAIL: (p) => <LetterPreview draft={p.draft} language={p.language} sender={p.sender} recipient={p.recipient} valid={p.valid} />,
};

/** One language of the content as its recipients see it, by the channel's own preview. */
export function ChannelPreview(props: ChannelPreviewProps) {
  const Preview = CHANNEL_PREVIEWS[props.draft.channel];
  return <Preview {...props} />;
}

/** An international number, or a national one (0…) the server reads with the organization's default country. */
const PHONE_AS_TYPED = {
  test: (v: string) => {
    const plain = v.normalize('NFKC').replace(/[\s().-]/g, '');
    return E164.test(plain) || /^0\d{5,14}$/.test(plain);
  },
};

/**
 * How a channel's test send is addressed (plan.testSend): to the app's test devices, chosen from a list; to
 * addresses typed (checked with `pattern`, shown `placeholder`); or to nobody, the test being the letter's PDF.
 */
export type TestAddressing = { kind: 'devices' } | { kind: 'typed'; pattern: { test(value: string): boolean }; placeholder: string } | { kind: 'file' };

export const TEST_ADDRESSING: Record<TestSendChannel, TestAddressing> = {
  PUSH_NATIVE: { kind: 'devices' },
  SMS: { kind: 'typed', pattern: PHONE_AS_TYPED, placeholder: '+81 90 1234 5678' },
  LINE: { kind: 'typed', pattern: LINE_USER_ID, placeholder: `U${'0'.repeat(32)}` },
  DIRECT_MAIL: { kind: 'file' },
};
