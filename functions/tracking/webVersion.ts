// A mail's web version ("View in browser", shown when the e-mail content asks for it).
// The page runs under the portal's Content-Security-Policy, so its script is a same-origin file
// (`WEB_VERSION_SCRIPT`), never inline.
import { BUILDER_CHANNEL } from '../../shared/delivery';
import { PATHS } from '../../shared/paths';
import { SCROLL_BUCKETS } from '../../shared/sdk/contract';
import { adapterOf } from '../channels';
import { type LinkClaims, type LinkSigner, untracked } from '../channels/links';
import { recipientsOf, runContentOf } from '../delivery';
import { Accounts } from '../domain/accounts';
import { countOnce, scrollCounts } from '../domain/messageCounts';
import { organizationSettingOf } from '../domain/organizationSetting';
import type { Runtime } from '../platform/runtime';
import type { Store } from '../store/store';

export const WEB_VERSION_SCRIPT = `${PATHS.tracking}/view.js`;

const SCRIPT = `(function () {
  var reported = 0;
  function check() {
    var doc = document.documentElement;
    var height = Math.max(doc.scrollHeight, document.body ? document.body.scrollHeight : 0);
    var seen = height > 0 ? ((window.scrollY + window.innerHeight) / height) * 100 : 100;
    var depth = 0;
    // the end counts from 99 %, so a rounding pixel does not keep a reader short of it
    ${JSON.stringify(SCROLL_BUCKETS)}.forEach(function (b) { if (seen >= Math.min(b, 99)) depth = b; });
    if (depth <= reported) return;
    reported = depth;
    fetch(location.pathname, { method: 'POST', body: 'depth=' + depth, headers: { 'content-type': 'text/plain' }, credentials: 'omit', keepalive: true }).catch(function () {});
  }
  window.addEventListener('scroll', check, { passive: true });
  window.addEventListener('resize', check);
  if (document.readyState === 'complete') check();
  else window.addEventListener('load', check);
})();
`;

export const webVersionScript = () => ({
  statusCode: 200,
  headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  body: SCRIPT,
});

export async function webVersionHtml(rt: Runtime, store: Store, signer: LinkSigner, c: LinkClaims): Promise<string | undefined> {
  // the e-mail builder's channel is the one whose content asks for a web version
  if (c.c !== BUILDER_CHANNEL) return undefined;
  const tenant = store.forOrg(c.o);
  const [plan, account, setting] = await Promise.all([tenant.get('plan', c.p), new Accounts(tenant).get(c.a), organizationSettingOf(tenant)]);
  const content = plan && runContentOf(plan, c.r, c.c);
  const render = content && adapterOf(c.c).prepare(content, { messageType: plan.messageType });
  if (!account || !render) return undefined;
  const [recipient] = await recipientsOf(store, c.o, c.c, [account], content);
  if (!recipient) return undefined;
  const sent = signer.forRecipient({ o: c.o, p: c.p, r: c.r, a: c.a, c: c.c });
  // the page itself counts the open; no pixel, and no link to itself
  const links = { ...sent, openPixelUrl: '', viewUrl: '' };
  const rendered = render(recipient, setting.convertHyperlink === false ? untracked(links) : links) as { html?: string };
  if (typeof rendered.html !== 'string') return undefined;
  const script = `<script src="${rt.config.publicUrl}${WEB_VERSION_SCRIPT}" defer></script>`;
  return rendered.html.replace('</head>', () => `<meta name="robots" content="noindex">${script}</head>`);
}

export function depthOf(body: string | undefined): number | undefined {
  const match = /^depth=(\d{1,3})$/.exec((body ?? '').trim());
  const depth = match ? Number(match[1]) : Number.NaN;
  return depth >= 1 && depth <= 100 ? depth : undefined;
}

/** Counts each scroll bucket the reader reached, once per reader of the message (with the app's and the snippet's). */
export async function countWebVersionScroll(rt: Runtime, store: Store, c: LinkClaims, depth: number): Promise<void> {
  const tenant = store.forOrg(c.o);
  const expiresAt = Math.floor(rt.clock.now() / 1000) + rt.config.sdk.eventRetentionDays * 86_400;
  for (const { slot, field } of scrollCounts(c.a, depth)) await countOnce(tenant, c.p, slot, expiresAt, { [field]: 1 });
}
