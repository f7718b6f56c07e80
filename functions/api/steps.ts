/** The steps of one operation once its envelope is read. */
import { AppError } from '../../shared/errors';
import { grants, type OperationDef } from '../../shared/services';
import { authenticate, ownOrganization, permissionsIn } from '../services/auth';
import type { AuthedContext, Handler, Identity, Prefetching, RequestContext } from '../contract/context';
import { untenantedStore } from '../contract/untenanted';
import { firstIssue, issueDetail, payloadProblem } from '../contract/problems';

const BEARER = /^Bearer\s+(\S+)$/i;

export async function authenticateFor(op: OperationDef, ctx: RequestContext, authorization: string | undefined, prefetch?: Prefetching['prefetch']): Promise<Identity | null> {
  const token = BEARER.exec(authorization ?? '')?.[1];
  if (op.access === 'public') return null;
  if (op.access === 'optional') {
    if (!token) return null;
    return authenticate(ctx, token).catch((e: unknown) => {
      if (e instanceof AppError) return null;
      throw e;
    });
  }
  if (!token) throw new AppError('400018');
  return authenticate(ctx, token, prefetch);
}

/** 730001 unless `held` satisfies the operation's access rule. */
export function authorize(op: OperationDef, held: readonly string[]): void {
  if (op.access === 'authenticated' || op.access === 'public' || op.access === 'optional') return;
  if (!grants(op.access, held)) throw new AppError('730001');
}

/** Authorizes in the organization the payload names (`orgOf`), with the caller's role there. */
export async function authorizeInTarget(op: OperationDef, ctx: RequestContext, identity: Identity, payload: unknown): Promise<void> {
  const target = op.orgOf?.(payload);
  if (target === undefined || target === identity.orgId) return authorize(op, identity.permissions);
  const held = await permissionsIn(untenantedStore(ctx, "the caller's role in the organization the payload names"), identity.userId, target);
  if (!held) throw new AppError('720003');
  authorize(op, held);
}

export function validate(op: OperationDef, payload: unknown): unknown {
  const problem = payloadProblem(payload);
  if (problem) throw new AppError('400016', problem);
  const parsed = op.payload.safeParse(payload);
  if (!parsed.success) throw new AppError('400016', issueDetail(op.payload, payload, parsed.error));
  return parsed.data;
}

export function dispatch(handler: Handler<never>, payload: unknown, ctx: RequestContext): Promise<unknown> {
  const { identity } = ctx;
  const store = untenantedStore(ctx, 'binds the tenant store and the own organization to the verified identity');
  const handlerCtx: RequestContext | AuthedContext = identity
    ? { ...ctx, identity, tenant: store.forOrg(identity.orgId), organization: ownOrganization(store, identity.orgId) }
    : ctx;
  return (handler as (p: unknown, c: RequestContext) => Promise<unknown>)(payload, handlerCtx);
}

/** The work handlers queue with `ctx.afterCommit`, run in the order queued once the answer is checked. */
export function afterCommitQueue() {
  const queued: (() => Promise<unknown>)[] = [];
  return {
    add(work: () => Promise<unknown>): void {
      queued.push(work);
    },
    async run(): Promise<void> {
      for (const work of queued.splice(0)) await work();
    },
  };
}

/** Drops fields the response schema does not name (a hash, a sealed secret); an answer that breaks it is a fault, never sent. */
export function checkAnswer(service: string, op: OperationDef, result: unknown, ctx: RequestContext): unknown {
  const parsed = op.response.safeParse(result);
  if (parsed.success) return parsed.data;
  ctx.rt.log.error('answer does not match its schema', { service, issue: firstIssue(parsed.error) });
  throw new AppError('400000');
}
