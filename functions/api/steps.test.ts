/** The answer check: handlers' results leave only through the operation's response schema. */
import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { findOperation } from '../../shared/services';
import { authHandlers } from '../services/auth/handlers';
import type { HandlerTable } from '../services';
import { organizationHandlers } from '../services/organization/handlers';
import { userHandlers } from '../services/user/handlers';
import { createLogger } from '../platform/logger';
import type { RequestContext } from './context';
import { checkAnswer } from './steps';

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
export const incomplete: HandlerTable = { auth: authHandlers, user: userHandlers, organization: organizationHandlers };
