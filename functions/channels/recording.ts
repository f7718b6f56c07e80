/**
 * A null provider: answers every message sent and keeps it with the time, for benchmarks (bench/send.ts) and for tests
 * that put it under the channels they do not look at.
 */
import type { Clock } from '../platform/runtime';
import type { ChannelSender, Outbound, SendOutcome } from './sender';

export interface Recorded {
  at: number;
  message: Outbound;
  providerId: string;
}

export class RecordingSender implements ChannelSender {
  readonly sent: Recorded[] = [];
  private seq = 0;
  constructor(private readonly clock: Clock) {}

  async send(message: Outbound): Promise<SendOutcome> {
    const providerId = `local-${++this.seq}`;
    this.sent.push({ at: this.clock.now(), message, providerId });
    return { kind: 'sent', providerId };
  }
}
