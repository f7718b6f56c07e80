// Tracking links: the open pixel, click redirects, one-click unsubscribe.
// A click's destination is never in the link: the redirect goes only to one of the links kept on the recipient's sent
// record.
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
  t: z.string().optional(),
  c: z.enum(CHANNELS),
  i: z.number().int().nonnegative().optional(),
  f: z.enum(['like', 'dislike']).optional(),
});
export type LinkClaims = z.infer<typeof linkClaimsSchema>;

const legacyClaimsSchema = linkClaimsSchema.extend({ e: z.string().optional(), u: z.string().optional() });
export type LegacyClaims = z.infer<typeof legacyClaimsSchema>;

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

  forRecipient(base: Omit<LinkClaims, 'i' | 'f'>) {
    const url = (kind: LinkKind, claims: LinkClaims) => `${this.publicUrl}${TRACKING_PATHS[kind]}${this.token(kind, claims)}`;
    const targets: string[] = [];
    let bytes = 0;
    return {
      openPixelUrl: url('open', base),
      unsubscribeUrl: url('unsubscribe', base),
      viewUrl: url('view', base),
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

export function untracked(links: RecipientLinks): RecipientLinks {
  return { ...links, click: (target) => target };
}
