// The `X-Line-Retry-Key` of one recipient of one run: a UUID (version 5 layout, SHA-1 over a fixed namespace and the
// organization, plan, run and recipient), so the same recipient of the same run always sends the same key and LINE
// answers a redelivered request with 409 instead of sending it again (keys are kept by LINE for 24 hours).
import { createHash } from 'node:crypto';

const NAMESPACE = Buffer.from('6f1c2a9e4b7d4e0f9a3c5d2e8b1f7a64', 'hex');

export function lineRetryKey(parts: { orgId: string; planId: string; runId: string; recipient: string }): string {
  const name = [parts.orgId, parts.planId, parts.runId, parts.recipient].join('\u0000');
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
