/**
 * Tracking links: the open pixel, click redirects, one-click unsubscribe, thumb-block answers and a mail's web version. A link carries
 * only an opaque token: its claims (organization, plan, run, recipient and its device, and a link's place or an answer) sealed
 * with AES-256-GCM under a key of the deployment, bound to the kind of link. Nobody can read an address or an
 * account id from it, or change it. A click's destination is never in the link: the send worker keeps the
 * message's links on the recipient's sent-record, and the redirect goes only to one of them.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { CHANNELS } from '../../shared/delivery';
import { PATHS } from '../../shared/paths';

/** Under /service/ so CloudFront and the HTTP API route them to the router like every call. */
export const TRACKING_PATHS = {
  open: `${PATHS.tracking}/o/`,
  click: `${PATHS.tracking}/c/`,
  unsubscribe: `${PATHS.tracking}/u/`,
  feedback: `${PATHS.tracking}/f/`,
  view: `${PATHS.tracking}/v/`,
} as const;
export type LinkKind = keyof typeof TRACKING_PATHS;

export const linkClaimsSchema = z.strictObject({
  o: z.number().int(),
  p: z.string(),
  r: z.string(),
  a: z.string(),
  /** which of the account's addresses the message went to (a push device): its own sent-record and click */
  t: z.string().optional(),
  c: z.enum(CHANNELS),
  /** a click's link: its place in the message's links */
  i: z.number().int().nonnegative().optional(),
  /** a thumb block's answer */
  f: z.enum(['like', 'dislike']).optional(),
});
export type LinkClaims = z.infer<typeof linkClaimsSchema>;

/** The claims of links sent before tokens were sealed: readable and signed, with the address and the target. */
const legacyClaimsSchema = linkClaimsSchema.extend({ e: z.string().optional(), u: z.string().optional() });
export type LegacyClaims = z.infer<typeof legacyClaimsSchema>;

/** Links kept for redirects per recipient; the rest of a message's links go out untracked (the record stays small). */
export const TRACKED_LINKS_MAX = 100;
export const TRACKED_LINK_BYTES_MAX = 16 * 1024;

const IV = 12;
const TAG = 16;

export class LinkSigner {
  private readonly key: Buffer;
  private readonly legacyKey: Buffer;
  constructor(
    secret: Uint8Array,
    private readonly publicUrl: string,
  ) {
    // keys of their own, so a link says nothing about the other uses of the secret
    this.key = createHmac('sha256', secret).update('herald tracking links sealed').digest();
    this.legacyKey = createHmac('sha256', secret).update('herald tracking links').digest();
  }

  token(kind: LinkKind, claims: LinkClaims): string {
    const iv = randomBytes(IV);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(kind));
    const body = Buffer.concat([cipher.update(JSON.stringify(claims), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The claims of a genuine token of this kind, or undefined for anything changed, truncated or of another kind. */
  verify(kind: LinkKind, token: string): LinkClaims | undefined {
    if (!/^[\w-]{40,1024}$/.test(token)) return undefined;
    const raw = Buffer.from(token, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV));
      decipher.setAAD(Buffer.from(kind));
      decipher.setAuthTag(raw.subarray(IV, IV + TAG));
      const plain = Buffer.concat([decipher.update(raw.subarray(IV + TAG)), decipher.final()]).toString('utf8');
      const parsed = linkClaimsSchema.safeParse(JSON.parse(plain));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** A signed token of the earlier format (`<claims>.<mac>`), still in mail sent before; undefined otherwise. */
  verifyLegacy(token: string): LegacyClaims | undefined {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined || body.length > 4096) return undefined;
    const want = Buffer.from(createHmac('sha256', this.legacyKey).update(body).digest().subarray(0, 18).toString('base64url'));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    try {
      const parsed = legacyClaimsSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The links of one recipient of one run. The click destinations are collected by their place as the message is
   * rendered; `linkTable()` is what the send worker stores on the recipient's sent-record before sending.
   */
  forRecipient(base: Omit<LinkClaims, 'i' | 'f'>) {
    const url = (kind: LinkKind, claims: LinkClaims) => `${this.publicUrl}${TRACKING_PATHS[kind]}${this.token(kind, claims)}`;
    const targets: string[] = [];
    let bytes = 0;
    return {
      openPixelUrl: url('open', base),
      unsubscribeUrl: url('unsubscribe', base),
      /** the mail's web version for this recipient (functions/tracking/webVersion.ts) */
      viewUrl: url('view', base),
      /** the tracked destinations by place ('' where a place holds no tracked link) */
      linkTable: (): string[] => Array.from(targets, (t) => t ?? ''),
      click: (target: string, index: number): string => {
        if (targets[index] === target) return url('click', { ...base, i: index });
        if (index >= TRACKED_LINKS_MAX || targets[index] !== undefined || bytes + target.length > TRACKED_LINK_BYTES_MAX) return target;
        bytes += target.length;
        targets[index] = target;
        return url('click', { ...base, i: index });
      },
      feedback: (answer: 'like' | 'dislike') => url('feedback', { ...base, f: answer }),
    };
  }
}
export type RecipientLinks = ReturnType<LinkSigner['forRecipient']>;

/** The links of a recipient whose message keeps its hyperlinks as written (the system setting's convert hyperlink off). */
export function untracked(links: RecipientLinks): RecipientLinks {
  return { ...links, click: (target) => target };
}
