/** Validation rules and messages of spec 001 section 5. */
import * as z from 'zod';
import { say } from './i18n/say';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export const MESSAGES = {
  passwordRule: say('validation.passwordRule'),
  passwordsInconsistent: say('validation.passwordsInconsistent'),
  usernameRequired: say('validation.usernameRequired'),
  passwordRequired: say('validation.passwordRequired'),
  emailInvalid: say('validation.emailInvalid'),
  emailIncorrect: say('validation.emailIncorrect'),
  dateRange: say('validation.dateRange'),
  fieldRequired: say('validation.fieldRequired'),
  inputRequired: say('validation.inputRequired'),
} as const;

export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push('length');
  if (!/[0-9]/.test(password)) problems.push('digit');
  if (!/[A-Z]/.test(password)) problems.push('uppercase');
  if (!/[a-z]/.test(password)) problems.push('lowercase');
  if (!/[@#$%&]/.test(password)) problems.push('special');
  return problems;
}

export function isValidPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}

export const passwordSchema = z.string().refine(isValidPassword, { message: MESSAGES.passwordRule });

/** Stricter than RFC 5321 on purpose: an address is a sign-in key and a header value, where odd forms only confuse. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
export function isValidEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (value.length > 254 || at < 1) return false;
  const local = value.slice(0, at);
  return local.length <= 64 && LOCAL_PART.test(local) && DOMAIN.test(value.slice(at + 1));
}
export const emailSchema = z.string().trim().refine(isValidEmail, { message: MESSAGES.emailInvalid });

export function isDateRangeValid(start: number | string | Date, end: number | string | Date): boolean {
  return new Date(start).getTime() < new Date(end).getTime();
}

export const MAP_TILE_URL = /^https:\/\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/;
