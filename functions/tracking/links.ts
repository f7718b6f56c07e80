/**
 * Signed tracking links: the open pixel, click redirects, one-click unsubscribe and thumb-block answers. A link carries what it
 * is about (organization, plan, run, recipient and, for a click, the target) and an HMAC over it, so a
 * changed target or recipient is refused: no open redirect, no unsubscribing someone else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { CHANNELS } from '../../shared/delivery';
import { PATHS } from '../../shared/paths';

/** Under /service/ so CloudFront and the HTTP API route them to the router like every call. */
export const TRACKING_PATHS = { open: `${PATHS.tracking}/o/`, click: `${PATHS.tracking}/c/`, unsubscribe: `${PATHS.tracking}/u/`, feedback: `${PATHS.tracking}/f/` } as const;

export const linkClaimsSchema = z.object({
  o: z.number().int(),
  p: z.string(),
  r: z.string(),
  a: z.string(),
  c: z.enum(CHANNELS),
  /** the recipient's address (unsubscribe) */
  e: z.string().optional(),
  /** the click target and its position in the message */
  u: z.string().optional(),
  i: z.number().int().optional(),
  /** a thumb block's answer */
  f: z.enum(['like', 'dislike']).optional(),
});
export type LinkClaims = z.infer<typeof linkClaimsSchema>;

export class LinkSigner {
  private readonly key: Buffer;
  constructor(
    secret: Uint8Array,
    private readonly publicUrl: string,
  ) {
    // a key of its own, so a link's signature says nothing about the other uses of the secret
    this.key = createHmac('sha256', secret).update('herald tracking links').digest();
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, 18).toString('base64url');
  }

  token(claims: LinkClaims): string {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a genuine token, or undefined for anything changed, truncated or malformed. */
  verify(token: string): LinkClaims | undefined {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined || body.length > 4096) return undefined;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    try {
      const parsed = linkClaimsSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** The links of one recipient of one run. */
  forRecipient(base: Omit<LinkClaims, 'u' | 'i' | 'e' | 'f'>, address: string) {
    const url = (path: string, claims: LinkClaims) => `${this.publicUrl}${path}${this.token(claims)}`;
    return {
      openPixelUrl: url(TRACKING_PATHS.open, base),
      unsubscribeUrl: url(TRACKING_PATHS.unsubscribe, { ...base, e: address }),
      click: (target: string, index: number) => url(TRACKING_PATHS.click, { ...base, u: target, i: index }),
      feedback: (answer: 'like' | 'dislike') => url(TRACKING_PATHS.feedback, { ...base, f: answer }),
    };
  }
}
export type RecipientLinks = ReturnType<LinkSigner['forRecipient']>;
