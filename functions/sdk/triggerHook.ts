// `POST /service/hook/v1/<orgId>/<planId>`: a recipient-action trigger's inbound webhook
// (functions/delivery/hooks.ts).
// The token is never logged: only the path is.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { idString } from '../../shared/entities/entity';
import { AppError } from '../../shared/errors';
import { PATHS } from '../../shared/paths';
import { firstIssue, payloadProblem } from '../contract/problems';
import { announceHookCall, HOOK_TOKEN, hookTokenMatches } from '../delivery';
import { Accounts } from '../domain/accounts';
import { organizationSettingOf } from '../domain/organizationSetting';
import type { Runtime } from '../platform/runtime';
import type { Store } from '../store/store';
import { say } from '../../shared/i18n/say';

const PATH = /^\/(\d{1,12})\/([^/]{1,100})$/;
const MAX_BODY_BYTES = 4096;

const hookBody = z.object({
  accountId: z.string().trim().min(1).max(128),
  eventId: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,60}$/)
    .optional(),
});

export function triggerHook(rt: Runtime, store: Store) {
  return async function call(event: APIGatewayProxyEventV2, path: string): Promise<{ received: true }> {
    if ((event.requestContext?.http?.method ?? 'GET') !== 'POST') throw new AppError('400005');
    const [, org, planId] = PATH.exec(path.slice(PATHS.hooks.length)) ?? [];
    const noHook = () => new AppError('720003', say('trigger.noHook'));
    if (!org || !planId || !idString.safeParse(planId).success) throw noHook();
    const orgId = Number(org);
    const token = /^Bearer (\S+)$/i.exec(event.headers?.authorization ?? '')?.[1];
    if (!token || !HOOK_TOKEN.test(token)) throw new AppError('400018', say('trigger.hookTokenMissing'));
    if (!/^application\/json\b/i.test(event.headers?.['content-type'] ?? '')) throw new AppError('400015', say('request.contentType'));
    const tenant = store.forOrg(orgId);
    const [plan, matches] = await Promise.all([tenant.get('plan', planId), hookTokenMatches(store, orgId, planId, token)]);
    if (plan?.trigger.kind !== 'ACTION' || !plan.trigger.webhook) throw noHook();
    if (!matches) throw new AppError('400017', say('trigger.hookToken'));
    // an API push of a message made from a library template: refused once the template is gone, unless switched off
    if (plan.templateId && (await organizationSettingOf(tenant)).apiPushCheckDeletedTemplate && !(await tenant.get('templateMessage', plan.templateId))) {
      throw new AppError('720003', say('trigger.templateDeleted'));
    }

    const now = rt.clock.now();
    const minute = Math.floor(now / 60_000);
    const limit = rt.config.sdk.ratePerMinute;
    if ((await store.increment('rateLimit', { id: `hook#${orgId}#${planId}#${minute}` }, 1, (minute + 2) * 60)) > limit) {
      const wait = Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
      throw new AppError('400014', say('trigger.hookRate', { limit, wait }), { 'retry-after': String(wait) });
    }

    const raw = event.body ?? '';
    const body = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
    if (body.length > MAX_BODY_BYTES) throw new AppError('401002', say('request.tooLarge', { limit: MAX_BODY_BYTES }), undefined, 413);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError('401002', say('request.bodyNotJson'));
    }
    const problem = payloadProblem(json);
    if (problem) throw new AppError('400016', problem);
    const parsed = hookBody.safeParse(json);
    if (!parsed.success) throw new AppError('400016', firstIssue(parsed.error));
    const { accountId, eventId } = parsed.data;
    if (!(await new Accounts(tenant).get(accountId))) throw new AppError('720003', say('request.noAccount', { id: accountId }));
    await announceHookCall(rt.ports, { orgId, planId, accountId, receivedAt: now, eventId: `h:${eventId ?? randomUUID()}` });
    return { received: true };
  };
}
