/**
 * One adapter per channel of spec 001 3.1 (ARCHITECTURE.md section 5): who is reachable, what is rendered, the
 * provider behind the sender port, and how its answers are classified. The pipeline, ledger, worker and
 * tracking see only this interface, through the registry in ./index.ts.
 */
import type { Channel, SendFailureReason } from '../../shared/delivery';
import type { AnyTemplate } from '../../shared/content';
import type { Account, CounterOs, MessageProvider, ProviderChannel } from '../../shared/entities';
import type { Lang } from '../../shared/errors';
import type { ProviderFactories } from './providers';
import type { LocalText } from '../../shared/i18n/text';
import type { Plan, PlanContent } from '../../shared/plan/plan';
import type { Runtime } from '../platform/runtime';
import type { TenantStore } from '../store/store';
import type { RecipientLinks } from './links';
import type { LetterRendered } from './directMail/outbound';
import type { LineRendered } from './line/outbound';
import type { PushRendered } from './push/outbound';
import type { ChannelSender, OutboundOf, SendOutcome } from './sender';
import type { SmsRendered } from './sms/outbound';

/** One address of an account on a channel and whether it agreed to receive there. */
export interface Target {
  address: string;
  consent: boolean;
  /** which of the account's addresses this is, where it has several (a push device's id) */
  target?: string;
  /** a push device's platform: sends and their outcomes are counted per OS */
  os?: CounterOs;
  /** an address that is not sent to (a letter's incomplete postal address): recorded SKIPPED with this reason */
  skip?: { reason: SendFailureReason; detail?: string };
}

/**
 * An account's address on a channel, or why it has none. An account reached at several addresses (one message
 * per active push device) names the others in `more`: each is a recipient of its own in the ledger.
 */
export type Reach = (Target & { more?: readonly Target[] }) | { reason: SendFailureReason };

/** What a send knows of a recipient (functions/delivery/messages.ts `Recipient` fits). */
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

/**
 * What the plan says of its sending beyond the content, handed to the renderer with it by whoever read the plan
 * (the send worker's content source, once per batch; a test send): the adapter needs no store read of its own.
 */
export type SendContext = Pick<Plan, 'messageType'> & {
  /** the system setting's mutable content: every iOS push may be changed by the app's notification service extension */
  mutableContent?: boolean;
};

/** A recipient's email as rendered. */
export interface EmailRendered {
  subject: string;
  html: string;
  text: string;
}

/** A recipient's message as each channel renders it (the other channels' shapes live in their folders). */
export interface RenderedByChannel {
  EMAIL: EmailRendered;
  SMS: SmsRendered;
  PUSH_NATIVE: PushRendered;
  LINE: LineRendered;
  DIRECT_MAIL: LetterRendered;
}
export type RenderedOf<C extends Channel> = RenderedByChannel[C];
/** any channel's rendered message */
export type Rendered = RenderedOf<Channel>;

/** What a provider said to one message, before the adapter classifies it. */
export type ProviderAnswer = { ok: true; providerId: string } | { ok: false; code: string; detail?: string };

/** A test of a channel whose sends are files (a letter's PDF): the file itself, downloaded by who tested. */
export interface TestFile {
  fileName: string;
  contentType: 'application/pdf';
  base64: string;
}

/** A provider's later word on messages it took (a bounce, a complaint), read from its event. */
export type FeedbackReading =
  | { kind: 'unreadable'; issues: number }
  /** not Herald's campaign message, or nothing to act on */
  | { kind: 'ignored' }
  | { kind: 'listed'; source: 'BOUNCE' | 'COMPLAINT'; addresses: string[]; orgId: number; planId?: string; runId?: string };

/**
 * A provider's later word that a message it took never arrived (a Twilio status callback): the sent record it
 * names, in the organization the provider's webhook path names, and the provider's id of the message, which the
 * record must hold.
 */
export interface Undelivered {
  orgId: number;
  planId: string;
  runId: string;
  accountId: string;
  providerId: string;
  reason: SendFailureReason;
  detail: string;
}

/**
 * Where a provider's webhook hands an undelivered message (functions/tracking/feedback.ts, above the channels,
 * moves the record); true when the record changed, false when it was not that sent message or is already failed.
 */
export type UndeliveredSink = (channel: Channel, report: Undelivered) => Promise<boolean>;

/**
 * A channel an organization may bring its own provider for (shared/entities/messageProvider.ts) declares the
 * factory of each kind; the others have none. A provider channel's adapter without them does not compile.
 */
type OwnProviders<C extends Channel> = C extends ProviderChannel
  ? {
      /** the organization's own providers of this channel, by kind (./providers.ts) */
      readonly providers: ProviderFactories<C>;
      /** the message testing one of those providers (messageProvider.test), to `to` as typed; or why `to` is no address of this channel */
      providerTest(input: ProviderTestInput): OutboundOf<C> | { refused: string };
    }
  : { readonly providers?: undefined; readonly providerTest?: undefined };

/** What a provider's test message is made of. */
export interface ProviderTestInput {
  setting: MessageProvider;
  /** the address as typed in the test dialog */
  to: string;
  /** the organization's default country, for a national phone number */
  defaultCountry: string | undefined;
  /** the tester's language: the message says in it that it tests the provider */
  lang: Lang;
  /** the deployment's sender, for a provider without its own from address */
  mailFrom: string;
  tags: Record<string, string>;
}

export type ChannelAdapter<C extends Channel> = ChannelAdapterBase<C> & OwnProviders<C>;

interface ChannelAdapterBase<C extends Channel> {
  readonly channel: C;
  /** whether a message may be written for this channel yet (plan.saveSingle refuses the others) */
  readonly sendable: boolean;
  /** each account's address and consent on this channel, in the order given (the accounts are the tenant's) */
  reach(accounts: readonly Account[], tenant: TenantStore): Promise<Reach[]>;
  /** recipients not to attempt (no consent, on the opt-out list), by recipientKeyOf (shared/delivery), with their spec 001 section 8 reason */
  suppressed(recipients: readonly RecipientView[], tenant: TenantStore): Promise<Map<string, SendFailureReason>>;
  /** the content a message copies from a library template of this channel; undefined while it has none */
  planContent(template: AnyTemplate): PlanContent | undefined;
  /** the renderer of a plan's content for this channel; undefined when the content is not this channel's */
  prepare(content: PlanContent, send: SendContext): ((recipient: RecipientView, links: RecipientLinks) => RenderedOf<C>) | undefined;
  /** the provider request of one recipient */
  message(input: { recipient: RecipientView; rendered: RenderedOf<C>; links: RecipientLinks; from: string; tags: Record<string, string> }): OutboundOf<C>;
  /** a provider answer as an outcome; undefined when it cannot say whether the message went out */
  classify(answer: ProviderAnswer): SendOutcome | undefined;
  /** the provider: on AWS, and in `npm start` and the tests by endpoint override to the stand-ins */
  provider(rt: Runtime): ChannelSender;
  /**
   * what the organization has yet to set up before this channel can send (its LINE channel, a push channel), as
   * the words to show; undefined when nothing is missing. Asked when a message is sent for approval.
   */
  missingSetup?(tenant: TenantStore): Promise<LocalText | undefined>;
  /**
   * how a test send (plan.testSend) names one of an account's addresses; without it, by the address itself (a
   * push token is a credential of the device: push names the device instead)
   */
  testName?(target: Target, accountId: string): { to: string; detail?: string };
  /** an address typed for a test, as this channel keeps it (a national phone number read in the default country); undefined when it is none */
  typedAddress?(typed: string, defaultCountry: string | undefined): string | undefined;
  /**
   * a channel whose sends are files (letters) is tested by the file, not by a send: its content as made for
   * `recipient` (the first test account reached, else a sample) in `language`, or each account's own
   */
  testFile?(content: PlanContent, input: { tenant: TenantStore; recipient?: RecipientView; language?: string }): Promise<TestFile>;
  /** a provider event about messages sent earlier */
  readFeedback(event: unknown): FeedbackReading;
  /**
   * after a run of this channel completed (called once, by the check that completed it): work over the whole
   * run, such as the letters' merged PDF and manifest; must be idempotent, as a retried check may call it again
   */
  afterRun?(run: { planId: string; runId: string }, tenant: TenantStore): Promise<void>;
  /** a provider said the address is dead (sending the tenant's message `planId`): keep it from being tried again */
  retire(address: string, tenant: TenantStore, planId: string): Promise<void>;
}
