/**
 * The tracking routes: the open pixel, click redirects, thumb-block answers, a mail's web version (./webVersion.ts)
 * and one-click unsubscribe (RFC 8058: a cookieless POST to the List-Unsubscribe URL; a GET shows a confirmation page
 * with a button, since mail scanners follow links).
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { OPEN_CHANNELS } from '../../shared/delivery';
import { type SentRecord, unsubscriptionId } from '../../shared/entities';
import { AppError, type Lang } from '../../shared/errors';
import { PAGE_TEXTS } from '../../shared/i18n';
import { announceVisit, Ledger } from '../delivery';
import type { Runtime } from '../platform/runtime';
import type { Store } from '../store/store';
import { type LinkClaims, type LinkKind, LinkSigner, TRACKING_PATHS } from '../channels/links';
import { countWebVersionScroll, depthOf, WEB_VERSION_SCRIPT, webVersionHtml, webVersionScript } from './webVersion';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_STORE = { 'cache-control': 'no-store, private', 'referrer-policy': 'no-referrer' };

function page(status: number, lang: Lang, title: string, body: string): APIGatewayProxyStructuredResultV2 {
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:Arial,sans-serif;max-width:480px;margin:48px auto;padding:0 16px;color:#1f2933"><h1 style="font-size:22px">${title}</h1>${body}</body></html>`;
  return { statusCode: status, headers: { 'content-type': 'text/html; charset=utf-8', 'content-language': lang, ...NO_STORE }, body: html };
}

function languageOf(acceptLanguage: string | undefined): Lang {
  for (const part of (acceptLanguage ?? '').toLowerCase().split(',')) {
    const code = part.trim().slice(0, 2);
    if (code === 'zh' || code === 'ja' || code === 'en') return code;
  }
  return 'en';
}

export function trackingRoutes(rt: Runtime, store: Store) {
  let signer: LinkSigner | undefined;
  // the public address is final only once the server listens
  const links = () => (signer ??= new LinkSigner(rt.keys.sealKey, rt.config.publicUrl));
  const ledger = new Ledger(store, rt.clock);
  /** the send a link stands for: the recipient's own record, a push device's of its own (so each device counts once) */
  const sendOf = (c: LinkClaims) => ({ orgId: c.o, planId: c.p, runId: c.r, channel: c.c, accountId: c.a, ...(c.t ? { target: c.t } : {}) });

  async function firstTime(
    c: LinkClaims,
    field: 'openedAt' | 'clickedAt' | 'unsubscribedAt' | 'answeredAt',
    counter: 'opens' | 'clicks' | 'unsubscribes' | 'likes' | 'dislikes',
  ): Promise<boolean> {
    const key = ledger.keyOf(await ledger.located(sendOf(c)));
    try {
      await store.transact([
        {
          Update: {
            TableName: store.table('sentRecord'),
            Key: key,
            UpdateExpression: 'SET #f = :now',
            ConditionExpression: 'attribute_exists(#r) AND attribute_not_exists(#f)',
            ExpressionAttributeNames: { '#f': field, '#r': 'recipient' },
            ExpressionAttributeValues: { ':now': rt.clock.now() },
          },
        },
        ...(await ledger.counterItems(sendOf(c), { [counter]: 1 })),
      ]);
      return true;
    } catch (e) {
      if (e instanceof AppError) return false; // counted before, or no such send
      throw e;
    }
  }

  /**
   * Counts a click on the message's link at `place` (messageLink): every redirect in `totalClicks`, and the
   * recipient's (a push device's) first click on this link in `clicks`, marked on its sent-record in the same
   * transaction.
   */
  async function countLinkClick(c: LinkClaims, place: number, url: string): Promise<void> {
    const now = rt.clock.now();
    const links = store.forOrg(c.o).keyed('messageLink');
    const linkUpdate = (first: boolean) => ({
      Update: {
        TableName: store.table('messageLink'),
        Key: links.key(c.p, place),
        UpdateExpression:
          'SET #pk = :pk, #plan = :plan, #place = :place, #url = if_not_exists(#url, :url), #first = if_not_exists(#first, :now), #last = :now ADD #clicks :n, #total :one',
        ExpressionAttributeNames: {
          '#pk': 'planKey',
          '#plan': 'planId',
          '#place': 'place',
          '#url': 'url',
          '#first': 'firstClickedAt',
          '#last': 'lastClickedAt',
          '#clicks': 'clicks',
          '#total': 'totalClicks',
        },
        ExpressionAttributeValues: { ':pk': links.partition(c.p), ':plan': c.p, ':place': place, ':url': url, ':now': now, ':n': first ? 1 : 0, ':one': 1 },
      },
    });
    try {
      await store.transact([
        {
          Update: {
            TableName: store.table('sentRecord'),
            Key: ledger.keyOf(await ledger.located(sendOf(c))),
            UpdateExpression: 'ADD #cl :set',
            ConditionExpression: 'attribute_exists(#r) AND NOT contains(#cl, :place)',
            ExpressionAttributeNames: { '#cl': 'clickedLinks', '#r': 'recipient' },
            ExpressionAttributeValues: { ':set': new Set([place]), ':place': place },
          },
        },
        linkUpdate(true),
      ]);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      // followed before by this recipient: one more redirect only
      await store.transact([linkUpdate(false)]);
    }
  }

  async function sentRecordOf(c: LinkClaims): Promise<SentRecord | undefined> {
    return ledger.recordOf(sendOf(c));
  }

  async function unsubscribe(c: LinkClaims, address: string): Promise<void> {
    await store.forOrg(c.o).put('messageUnsubscription', {
      id: unsubscriptionId(c.c, address),
      channelName: c.c,
      target: address.trim().toLowerCase(),
      source: 'UNSUBSCRIBE',
      planId: c.p,
      dateCreated: rt.clock.now(),
    });
    await firstTime(c, 'unsubscribedAt', 'unsubscribes');
  }

  return async function route(event: APIGatewayProxyEventV2, path: string): Promise<APIGatewayProxyStructuredResultV2 | undefined> {
    const method = event.requestContext?.http?.method ?? 'GET';
    if (path === WEB_VERSION_SCRIPT) return webVersionScript();
    const kind = (Object.keys(TRACKING_PATHS) as LinkKind[]).find((k) => path.startsWith(TRACKING_PATHS[k]));
    if (!kind) return undefined;
    const token = path.slice(TRACKING_PATHS[kind].length);
    const sealed = links().verify(kind, token);
    // links in mail sent before tokens were sealed: counted and honoured, except redirects
    const legacy = sealed ? undefined : links().verifyLegacy(token);
    const claims: LinkClaims | undefined = sealed ?? legacy;
    const lang = languageOf(event.headers?.['accept-language']);
    const say = (key: keyof typeof PAGE_TEXTS) => PAGE_TEXTS[key][lang];
    const unavailable = () => page(404, lang, say('unavailableTitle'), `<p>${say('unavailableBody')}</p>`);
    if (kind === 'open') {
      if (claims) await firstTime(claims, 'openedAt', 'opens');
      // a pixel whatever happened: a mail client shows nothing broken
      return { statusCode: 200, headers: { 'content-type': 'image/gif', ...NO_STORE }, body: PIXEL.toString('base64'), isBase64Encoded: true };
    }
    if (!claims) return page(400, lang, say('invalidTitle'), `<p>${say('invalidBody')}</p>`);
    if (kind === 'feedback') {
      if (!claims.f) return page(400, lang, say('invalidTitle'), `<p>${say('invalidFeedbackBody')}</p>`);
      // an answer means the message was opened; a recipient's first answer counts, as opens and clicks do
      await firstTime(claims, 'openedAt', 'opens');
      await firstTime(claims, 'answeredAt', claims.f === 'like' ? 'likes' : 'dislikes');
      return page(200, lang, say('thanksTitle'), `<p>${say('thanksBody')}</p>`);
    }
    if (kind === 'click') {
      // the destination is one of the links the message was sent with, never anything the URL says
      const place = sealed ? claims.i : undefined;
      const target = place !== undefined ? (await sentRecordOf(claims))?.links?.[place] : undefined;
      if (place === undefined || !target || !/^https?:\/\//i.test(target)) return unavailable();
      // a click means the message was opened too (images may be blocked); a channel without opens counts none
      if (OPEN_CHANNELS.has(claims.c)) await firstTime(claims, 'openedAt', 'opens');
      await firstTime(claims, 'clickedAt', 'clicks');
      await countLinkClick(claims, place, target);
      // every click is a visit of its address: the action triggers with that URL hear it (their limiter counts)
      await announceVisit(rt.ports, { orgId: claims.o, accountId: claims.a, receivedAt: rt.clock.now(), url: target, eventId: `v:${randomUUID()}` });
      return { statusCode: 302, headers: { location: target, ...NO_STORE }, body: '' };
    }
    if (kind === 'view') {
      // a mail's web version: only for a recipient the message was sent to
      if (!sealed || !(await sentRecordOf(claims))) return unavailable();
      if (method === 'POST') {
        const depth = depthOf(event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body);
        if (depth === undefined) return page(400, lang, say('invalidTitle'), `<p>${say('invalidBody')}</p>`);
        await countWebVersionScroll(rt, store, claims, depth);
        return { statusCode: 204, headers: NO_STORE, body: '' };
      }
      const html = await webVersionHtml(rt, store, links(), claims);
      if (!html) return unavailable();
      await firstTime(claims, 'openedAt', 'opens');
      return { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noindex', ...NO_STORE }, body: html };
    }
    if (method === 'POST') {
      const address = legacy ? legacy.e : (await sentRecordOf(claims))?.address;
      if (!address) return unavailable();
      await unsubscribe(claims, address);
      return page(200, lang, say('unsubscribedTitle'), `<p>${say('unsubscribedBody')}</p>`);
    }
    if (method !== 'GET' && method !== 'HEAD') return page(405, lang, say('notAllowedTitle'), '');
    const action = `${rt.config.publicUrl}${path}`.replace(/"/g, '&quot;');
    return page(
      200,
      lang,
      say('unsubscribeTitle'),
      `<p>${say('unsubscribeQuestion')}</p><form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font-size:16px;padding:10px 20px;background:#0b6e99;color:#fff;border:0;border-radius:4px">${say('unsubscribeButton')}</button></form>`,
    );
  };
}
