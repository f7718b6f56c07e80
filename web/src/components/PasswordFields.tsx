/** New password and its confirmation, checked against the rule of spec 001 section 5. */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '../../../shared/validation';
import { TextField } from './TextField';

export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

export function passwordPairErrors(pair: PasswordPair, t: TFunction, opts: { optional?: boolean } = {}) {
  const errors: { password?: string; confirmPassword?: string } = {};
  if (opts.optional && !pair.password && !pair.confirmPassword) return errors;
  if (!pair.password) errors.password = t('validation.inputRequired', { param: t('password.new') });
  else if (!isValidPassword(pair.password)) errors.password = t('validation.passwordRule');
  if (pair.password !== pair.confirmPassword) errors.confirmPassword = t('validation.passwordsInconsistent');
  return errors;
}

export function PasswordFields({
  value,
  onChange,
  errors,
  idPrefix = 'new',
  labels,
}: {
  value: PasswordPair;
  onChange: (next: PasswordPair) => void;
  errors: { password?: string; confirmPassword?: string };
  idPrefix?: string;
  labels?: { password: string; confirm: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        id={`${idPrefix}-password`}
        type="password"
        label={labels?.password ?? t('password.new')}
        autoComplete="new-password"
        value={value.password}
        error={errors.password}
        hint={t('validation.passwordRule')}
        messageId={`${idPrefix}-password-hint`}
        onChange={(password) => onChange({ ...value, password })}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        type="password"
        label={labels?.confirm ?? t('password.confirm')}
        autoComplete="new-password"
        value={value.confirmPassword}
        error={errors.confirmPassword}
        onChange={(confirmPassword) => onChange({ ...value, confirmPassword })}
      />
    </>
  );
}
