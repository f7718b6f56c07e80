/**
 * The local adapter of channels whose providers cannot be reached from here (SMS, push, LINE, direct mail):
 * it records what would have been sent, with the time, so the portal and the tests can show and count it.
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
