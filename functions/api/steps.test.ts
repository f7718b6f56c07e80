/** The answer check: handlers' results leave only through the operation's response schema. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { User } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { RENDER_MESSAGES } from '../../shared/render/fields';
import { findOperation } from '../../shared/services';
import { authHandlers } from '../services/auth/handlers';
import type { HandlerTable } from '../services';
import { organizationHandlers } from '../services/organization/handlers';
import { userHandlers } from '../services/user/handlers';
import { createLogger } from '../platform/logger';
import type { RequestContext } from '../contract/context';
import { detailIn, issueDetail, payloadProblem } from '../contract/problems';
import { checkAnswer } from './steps';
import { say } from '../../shared/i18n';

const lines: string[] = [];
const ctx = { rt: { log: createLogger('info', (l) => lines.push(l)) } } as unknown as RequestContext;

const storedUser: User = {
  id: 'u1',
  username: 'mia',
  usernameKey: 'mia',
  firstName: 'Mia',
  lastName: 'Chen',
  email: 'mia@example.com',
  emailKey: 'mia@example.com',
  status: 'ACTIVE',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$secret',
  securityStamp: 'stamp-secret',
  defaultLandingPage: '/dashboard',
  timeZone: 'UTC',
  language: 'en',
  alertEmails: [],
  alertTypes: [],
  usageGuide: {},
  loginType: 'NATIVE',
  version: 3,
  dateCreated: 1,
  dateUpdated: 2,
  createdBy: 'system',
  updatedBy: 'system',
};

describe('checkAnswer', () => {
  it('a handler returning a whole stored user record answers without its private fields', () => {
    const answer = checkAnswer('user.profile', findOperation('user.profile')!, { ...storedUser, roleId: 'r1', roleName: 'Admin' }, ctx);
    const text = JSON.stringify(answer);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('securityStamp');
    expect(text).not.toContain('stamp-secret');
    expect(answer).toMatchObject({ id: 'u1', username: 'mia', email: 'mia@example.com' });
  });

  it('an answer that breaks its schema is a logged fault, never sent', () => {
    const broken = () => checkAnswer('user.profile', findOperation('user.profile')!, { id: 'u1' }, ctx);
    expect(broken).toThrow(AppError);
    expect(lines.some((l) => l.includes('answer does not match its schema') && l.includes('user.profile'))).toBe(true);
  });
});

// Type-level: a handler table without an area does not compile (`npm run typecheck` fails if it does).
// @ts-expect-error the userRole area is missing
// biome-ignore lint/suspicious/noExportsInTest: exported so this compile-time-only check is not an unused variable
export const incomplete: HandlerTable = { auth: authHandlers, user: userHandlers, organization: organizationHandlers };

describe('payloadProblem', () => {
  it('names the first lone surrogate or prototype key anywhere, and passes paired surrogates and ordinary data', () => {
    expect(payloadProblem({ a: ['x', { b: 'ok \uD83D\uDE00' }], n: 1, z: null })).toBeNull();
    expect(payloadProblem({ a: ['x', { b: 'bad \uD800' }] })).toMatch(/^payload\.a\.1\.b: .*surrogate/);
    expect(payloadProblem({ a: 'bad \uDC00 alone' })).toMatch(/^payload\.a: /);
    expect(payloadProblem({ 'k\uDBFF': 1 })).toMatch(/surrogate/);
    expect(payloadProblem(JSON.parse('{"x": {"__proto__": {"polluted": 1}}}'))).toMatch(/^payload\.x\.__proto__: .*reserved/);
    expect(payloadProblem({ attributes: { constructor: 'x' } })).toMatch(/^payload\.attributes\.constructor: /);
    expect(payloadProblem([{ prototype: 1 }])).toMatch(/^payload\.0\.prototype: /);
    // deep nesting is walked without recursion
    let deep: unknown = '\uD800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(payloadProblem(deep)).toMatch(/surrogate/);
  });
});

describe('field errors in the caller language', () => {
  const schema = z.object({ name: z.string().min(3), colour: z.string().regex(/^#[0-9a-f]{6}$/, RENDER_MESSAGES.hexColor) });

  it("words zod's own messages in zh and ja, and translates the schemas' English ones", () => {
    for (const [input, en, zh, ja] of [
      [{ name: 'ab', colour: '#000000' }, /^payload\.name: Too small/, /^payload\.name: 数值过小/, /^payload\.name: 小さすぎる値/],
      [
        { name: 'abc', colour: 'red' },
        /^payload\.colour: Invalid HEX color format$/,
        /^payload\.colour: HEX 颜色格式无效$/,
        /^payload\.colour: HEX カラーの形式が正しくありません$/,
      ],
    ] as const) {
      const parsed = schema.safeParse(input);
      const detail = issueDetail(schema, input, parsed.error!);
      expect(detail.en).toMatch(en);
      expect(detail.zh).toMatch(zh);
      expect(detail.ja).toMatch(ja);
    }
  });

  it('answers a detail given in each language as given, and one by key in the caller language', () => {
    const local = new AppError('400016', { en: 'payload.x: Too big', zh: 'payload.x: 太大', ja: 'payload.x: 大きすぎる' });
    expect(local.detail).toBe('payload.x: Too big');
    expect(detailIn(local, 'ja')).toBe('payload.x: 大きすぎる');
    const english = new AppError('720009', say('request.ownEmail'));
    expect(detailIn(english, 'zh')).toBe('这已经是您的电子邮件地址。');
    expect(detailIn(english, 'en')).toBe('This is already your e-mail address.');
    expect(detailIn(new AppError('720003'), 'ja')).toBeUndefined();
  });
});
