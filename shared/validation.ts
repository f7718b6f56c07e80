/** Validation rules and messages of spec 001 section 5 (the password rule first). */
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

export const MESSAGES = {
  passwordRule:
    'The password must be 8 to 16 characters with at least one digit, one uppercase letter, one lowercase letter and one of @ # $ % &.',
  passwordsInconsistent: 'The two passwords are inconsistent!',
  usernameRequired: 'Please enter your username!',
  passwordRequired: 'Please enter your password!',
  emailInvalid: 'Please enter a valid email address.',
  emailIncorrect: 'Please enter the correct email address.',
  dateRange: 'The start date should be earlier than the end date!',
  fieldRequired: "The field '{param}' is required.",
  inputRequired: 'Please input the {param}!',
} as const;

/** Which parts of the rule a password breaks (empty when it passes). */
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}
export const emailSchema = z.string().trim().refine(isValidEmail, { message: MESSAGES.emailInvalid });

export function isDateRangeValid(start: number | string | Date, end: number | string | Date): boolean {
  return new Date(start).getTime() < new Date(end).getTime();
}
