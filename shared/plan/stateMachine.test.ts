import { describe, expect, it } from 'vitest';
import { isErrorCode } from '../errors';
import { isPermission, PLAN_PERMISSIONS } from '../permissions';
import {
  allowedActions,
  approvalComplete,
  checkAction,
  checkApprovalRequest,
  checkReject,
  PLAN_ACTIONS,
  PLAN_STATES,
  recordPass,
  rejectInputSchema,
  transition,
  type Approval,
  type PlanAction,
  type PlanActionDef,
  type PlanState,
} from './stateMachine';
import { textsIn } from '../i18n';

/**
 * The expected outcome of every (state, action) pair, written out by hand: a target state (by its short name
 * below) or the catalogue code that refuses the action. Columns follow the short names' order.
 */
const SHORT: Record<string, PlanState | 'DELETED'> = {
  DR: 'DRAFT',
  PA: 'PENDING_APPROVAL',
  AP: 'APPROVED',
  RJ: 'REJECTED',
  EX: 'EXPIRED',
  AC: 'ACTIVE',
  IN: 'INACTIVE',
  IP: 'IN_PROGRESS',
  DP: 'DEPLOYED',
  AR: 'ARCHIVE',
  DEL: 'DELETED',
};
const EXPECTED = `
action           DR      PA      AP      RJ      EX      AC      IN      IP      DP      AR
saveDraft        DR      730007  730007  DR      DR      730007  730007  730002  730002  730002
sendToReview     PA      730007  730007  730012  730012  730007  730007  730002  730002  730002
cancel           720007  DR      DR      720007  730003  DR      DR      730002  730002  730002
pass             720007  AP      720007  720007  730003  720007  720007  730002  730002  730002
reject           720007  RJ      720007  720007  730003  720007  720007  730002  730002  730002
active           730012  730013  AC      730012  730012  720007  AC      730002  730002  730002
inactive         720007  720007  IN      720007  720007  IN      720007  730002  730002  730002
stop             740001  740001  740001  740001  740001  740001  740001  DP      740001  740001
resend           730004  730004  730004  730004  730004  730004  730004  730005  IP      730004
delete           DEL     730010  DEL     DEL     DEL     730010  DEL     730002  730002  730002
archive          720007  720007  720007  720007  720007  720007  720007  720007  AR      720007
unarchive        720007  720007  720007  720007  720007  720007  720007  720007  720007  DP
modifyDateRange  DR      750001  AP      RJ      EX      AC      IN      750003  750003  750003
editBaseInfo     DR      PA      AP      RJ      EX      AC      IN      IP      DP      730007
fire             720007  720007  720007  720007  720007  IP      720007  730005  730002  730002
complete         740001  740001  740001  740001  740001  740001  740001  DP      740001  740001
activate         720007  720007  AC      720007  720007  720007  720007  730002  730002  730002
recordPass       720007  PA      720007  720007  730003  720007  720007  730002  730002  730002
expire           720007  EX      720007  720007  730003  720007  720007  720007  720007  720007
`;

const [header, ...rows] = EXPECTED.trim()
  .split('\n')
  .map((line) => line.trim().split(/\s+/));
const columns = header.slice(1).map((s) => SHORT[s] as PlanState);
const expected = new Map(rows.map(([action, ...cells]) => [action, new Map(cells.map((c, i) => [columns[i], c]))]));

describe('the plan state machine', () => {
  it('the expected table covers exactly the declared states and actions', () => {
    expect([...columns].sort()).toEqual([...PLAN_STATES].sort());
    expect([...expected.keys()].sort()).toEqual(Object.keys(PLAN_ACTIONS).sort());
  });

  for (const action of Object.keys(PLAN_ACTIONS) as PlanAction[]) {
    for (const state of PLAN_STATES) {
      const cell = expected.get(action)?.get(state);
      it(`${action} from ${state} → ${cell}`, () => {
        if (cell === undefined) throw new Error(`no expectation for ${action} from ${state}`);
        const result = transition(state, action);
        if (/^\d{6}$/.test(cell)) expect(result).toEqual({ ok: false, code: cell });
        else expect(result).toEqual({ ok: true, to: SHORT[cell] });
      });
    }
  }

  it('every action needs a known plan permission, or none as a system action', () => {
    const system = Object.entries(PLAN_ACTIONS)
      .filter(([, d]) => d.permission === null)
      .map(([a]) => a);
    expect(system.sort()).toEqual(['activate', 'complete', 'expire', 'fire', 'recordPass']);
    for (const def of Object.values(PLAN_ACTIONS)) {
      if (def.permission !== null) {
        expect(isPermission(def.permission)).toBe(true);
        expect(PLAN_PERMISSIONS).toContain(def.permission);
      }
    }
  });

  it('every refusal code is in the catalogue', () => {
    for (const def of Object.values(PLAN_ACTIONS) as PlanActionDef[]) {
      expect(isErrorCode(def.refused)).toBe(true);
      for (const code of Object.values(def.refusedIn ?? {})) expect(isErrorCode(code)).toBe(true);
    }
  });
});

const ALL = [...PLAN_PERMISSIONS];

describe('allowedActions', () => {
  it('offers a reviewer pass, reject and the editing actions of a pending message', () => {
    expect(allowedActions('PENDING_APPROVAL', ALL, { isAuthor: false })).toEqual(['cancel', 'pass', 'reject', 'editBaseInfo']);
  });
  it('never offers the author to approve or reject their own message', () => {
    expect(allowedActions('PENDING_APPROVAL', ALL, { isAuthor: true })).toEqual(['cancel', 'editBaseInfo']);
  });
  it('offers only what the permissions allow', () => {
    expect(allowedActions('PENDING_APPROVAL', ['PLAN_PASS'], { isAuthor: false })).toEqual(['pass']);
    expect(allowedActions('DRAFT', ['PLAN_CREATE'], { isAuthor: true })).toEqual(['saveDraft', 'sendToReview']);
    expect(allowedActions('DRAFT', [], { isAuthor: true })).toEqual([]);
    expect(allowedActions('DEPLOYED', ['PLAN_RESEND', 'PLAN_DELETE'], { isAuthor: false })).toEqual(['resend', 'archive']);
  });
  it('offers each state its user actions with every permission held', () => {
    expect(allowedActions('DRAFT', ALL, { isAuthor: true })).toEqual(['saveDraft', 'sendToReview', 'delete', 'modifyDateRange', 'editBaseInfo']);
    expect(allowedActions('APPROVED', ALL, { isAuthor: true })).toEqual(['cancel', 'active', 'inactive', 'delete', 'modifyDateRange', 'editBaseInfo']);
    expect(allowedActions('ACTIVE', ALL, { isAuthor: true })).toEqual(['cancel', 'inactive', 'modifyDateRange', 'editBaseInfo']);
    expect(allowedActions('IN_PROGRESS', ALL, { isAuthor: true })).toEqual(['stop', 'editBaseInfo']);
    expect(allowedActions('ARCHIVE', ALL, { isAuthor: true })).toEqual(['unarchive']);
  });
  it('never offers a system action', () => {
    for (const state of PLAN_STATES) {
      const offered = allowedActions(state, ALL, { isAuthor: false });
      expect(offered).not.toContain('fire');
      expect(offered).not.toContain('complete');
      expect(offered).not.toContain('expire');
    }
  });
});

describe('checkAction', () => {
  const reviewer = { kind: 'user', permissions: ALL, isAuthor: false } as const;
  const author = { kind: 'user', permissions: ALL, isAuthor: true } as const;
  const system = { kind: 'system' } as const;

  it('lets a reviewer pass a pending message and refuses the author with 730001', () => {
    expect(checkAction('PENDING_APPROVAL', 'pass', reviewer)).toEqual({ ok: true, to: 'APPROVED' });
    expect(checkAction('PENDING_APPROVAL', 'pass', author)).toEqual({ ok: false, code: '730001' });
    expect(checkAction('PENDING_APPROVAL', 'reject', author)).toEqual({ ok: false, code: '730001' });
  });
  it('answers a missing permission with 730001 before looking at the state', () => {
    const noStop = { kind: 'user', permissions: ['PLAN_CREATE'], isAuthor: true } as const;
    expect(checkAction('DRAFT', 'stop', noStop)).toEqual({ ok: false, code: '730001' });
    expect(checkAction('DRAFT', 'stop', reviewer)).toEqual({ ok: false, code: '740001' });
  });
  it('keeps system actions to the system and user actions to users', () => {
    expect(checkAction('ACTIVE', 'fire', reviewer)).toEqual({ ok: false, code: '730001' });
    expect(checkAction('ACTIVE', 'fire', system)).toEqual({ ok: true, to: 'IN_PROGRESS' });
    expect(checkAction('PENDING_APPROVAL', 'expire', system)).toEqual({ ok: true, to: 'EXPIRED' });
    expect(checkAction('PENDING_APPROVAL', 'pass', system)).toEqual({ ok: false, code: '730001' });
  });
});

describe('rejecting', () => {
  it('needs a type and a reason', () => {
    expect(rejectInputSchema.parse({ type: 'CONTENT', reason: ' Wrong price ' })).toEqual({ type: 'CONTENT', reason: 'Wrong price' });
    const messages = (input: unknown) => rejectInputSchema.safeParse(input).error?.issues.map((i) => textsIn(i.message, 'en'));
    expect(messages({ reason: 'x' })).toEqual(['Please choose the type!']);
    expect(messages({ type: 'OTHER', reason: '   ' })).toEqual(['Please write the reason!']);
    expect(messages({ type: 'OTHER' })).toEqual(['Please write the reason!']);
  });
  it('is refused to non-participants and past the deadline', () => {
    const sheet: Approval = { participants: ['u1'], deadline: 1000, passedBy: [], revision: 1 };
    expect(checkReject(sheet, 'u1', 1000)).toEqual({ ok: true });
    expect(checkReject(sheet, 'u9', 1000)).toEqual({ ok: false, code: '730001' });
    expect(checkReject(sheet, 'u1', 1001)).toEqual({ ok: false, code: '730003' });
  });
});

describe('approval sheets', () => {
  const sheet: Approval = { participants: ['u1', 'u2'], deadline: 10_000, passedBy: [], revision: 1 };

  it('completes only when every participant has passed', () => {
    const first = recordPass(sheet, 'u1', 5000);
    expect(first).toMatchObject({ ok: true, complete: false });
    if (!first.ok) return;
    const again = recordPass(first.approval, 'u1', 5000);
    expect(again).toMatchObject({ ok: true, complete: false, approval: { passedBy: ['u1'] } });
    const second = recordPass(first.approval, 'u2', 6000);
    expect(second).toMatchObject({ ok: true, complete: true, approval: { passedBy: ['u1', 'u2'] } });
    expect(approvalComplete(sheet)).toBe(false);
  });
  it('refuses a pass after the deadline (730003) and from a non-participant (730001)', () => {
    expect(recordPass(sheet, 'u1', 10_001)).toEqual({ ok: false, code: '730003' });
    expect(recordPass(sheet, 'u3', 5000)).toEqual({ ok: false, code: '730001' });
  });
  it('asks for a deadline ahead and no author among the participants', () => {
    expect(checkApprovalRequest(sheet, 'author', 9_999)).toEqual({ ok: true });
    expect(checkApprovalRequest(sheet, 'author', 10_000)).toMatchObject({ ok: false, code: '400016' });
    expect(checkApprovalRequest(sheet, 'u2', 0)).toMatchObject({ ok: false, code: '400016' });
  });
});
