/** One adapter per channel of spec 001 3.1 (ARCHITECTURE.md section 5). */
import type { Channel, SendFailureReason } from '../../shared/delivery';
import type { AnyTemplate } from '../../shared/content';
import type { Account, CounterOs, MessageProvider, ProviderChannel } from '../../shared/entities';
import type { Lang } from '../../shared/errors';
import type { ProviderFactories } from './providers';
import type { Plan, PlanContent } from '../../shared/plan/plan';
import type { Runtime } from '../platform/runtime';
import type { TenantStore } from '../store/store';
import type { RecipientLinks } from './links';
import type { LetterRendered } from './directMail/outbound';
import type { LineRendered } from './line/outbound';
import type { PushRendered } from './push/outbound';
import type { ChannelSender, OutboundOf, SendOutcome } from './sender';
import type { SmsRendered } from './sms/outbound';

export interface Target {
  address: string;
  consent: boolean;
  target?: string;
  os?: CounterOs;
  skip?: { reason: SendFailureReason; detail?: string };
}

/** An account's address on a channel, or why it has none. */
export type Reach = (Target & { more?: readonly Target[] }) | { reason: SendFailureReason };

export type RecipientView = {
  accountId: string;
  target?: string;
  address: string;
  consent: boolean;
  locale?: string;
  firstName?: string;
  lastName?: string;
  attributes?: Record<string, unknown>;
  preset?: Record<string, Record<string, string>>;
};

export type SendContext = Pick<Plan, 'messageType'> & {
  mutableContent?: boolean;
};

export interface EmailRendered {
  subject: string;
  html: string;
  text: string;
}

export interface RenderedByChannel {
  EMAIL: EmailRendered;
  SMS: SmsRendered;
  PUSH_NATIVE: PushRendered;
  LINE: LineRendered;
  DIRECT_MAIL: LetterRendered;
}
export type RenderedOf<C extends Channel> = RenderedByChannel[C];
export type Rendered = RenderedOf<Channel>;

export type ProviderAnswer = { ok: true; providerId: string } | { ok: false; code: string; detail?: string };

export interface TestFile {
  fileName: string;
  contentType: 'application/pdf';
  base64: string;
}

export type FeedbackReading =
  | { kind: 'unreadable'; issues: number }
  /** not Herald's campaign message, or nothing to act on */
  | { kind: 'ignored' }
  | { kind: 'listed'; source: 'BOUNCE' | 'COMPLAINT'; addresses: string[]; orgId: number; planId?: string; runId?: string };

/** A provider's later word that a message it took never arrived (a Twilio status callback). */
export interface Undelivered {
  orgId: number;
  planId: string;
  runId: string;
  accountId: string;
  providerId: string;
  reason: SendFailureReason;
  detail: string;
}

/** Where a provider's webhook hands an undelivered message; true when the record changed. */
export type UndeliveredSink = (channel: Channel, report: Undelivered) => Promise<boolean>;

type OwnProviders<C extends Channel> = C extends ProviderChannel
  ? {
      readonly providers: ProviderFactories<C>;
      providerTest(input: ProviderTestInput): OutboundOf<C> | { refused: string };
    }
  : { readonly providers?: undefined; readonly providerTest?: undefined };

export interface ProviderTestInput {
  setting: MessageProvider;
  to: string;
  defaultCountry: string | undefined;
  lang: Lang;
  mailFrom: string;
  tags: Record<string, string>;
}

export type ChannelAdapter<C extends Channel> = ChannelAdapterBase<C> & OwnProviders<C>;

interface ChannelAdapterBase<C extends Channel> {
  readonly channel: C;
  readonly sendable: boolean;
  reach(accounts: readonly Account[], tenant: TenantStore): Promise<Reach[]>;
  /** recipients not to attempt (no consent, on the opt-out list), by recipientKeyOf (shared/delivery), with their spec 001 section 8 reason */
  suppressed(recipients: readonly RecipientView[], tenant: TenantStore): Promise<Map<string, SendFailureReason>>;
  planContent(template: AnyTemplate): PlanContent | undefined;
  prepare(content: PlanContent, send: SendContext): ((recipient: RecipientView, links: RecipientLinks) => RenderedOf<C>) | undefined;
  message(input: { recipient: RecipientView; rendered: RenderedOf<C>; links: RecipientLinks; from: string; tags: Record<string, string> }): OutboundOf<C>;
  /** a provider answer as an outcome; undefined when it cannot say whether the message went out */
  classify(answer: ProviderAnswer): SendOutcome | undefined;
  provider(rt: Runtime): ChannelSender;
  missingSetup?(tenant: TenantStore): Promise<string | undefined>;
  testName?(target: Target, accountId: string): { to: string; detail?: string };
  typedAddress?(typed: string, defaultCountry: string | undefined): string | undefined;
  testFile?(content: PlanContent, input: { tenant: TenantStore; recipient?: RecipientView; language?: string }): Promise<TestFile>;
  readFeedback(event: unknown): FeedbackReading;
  /** after a run of this channel completed (the letters' merged PDF): must be idempotent, a retried check may call it again */
  afterRun?(run: { planId: string; runId: string; shards?: number }, tenant: TenantStore): Promise<void>;
  /** a provider said the address is dead (sending the tenant's message `planId`): keep it from being tried again */
  retire(address: string, tenant: TenantStore, planId: string): Promise<void>;
}
