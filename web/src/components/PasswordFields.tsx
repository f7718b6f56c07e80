/** New password and its confirmation, checked against the rule of spec 001 section 5. */
import { InputText } from 'primereact/inputtext';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '../../../shared/validation';
import { FieldError } from './AuthCard';

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
      <div className="field">
        <label htmlFor={`${idPrefix}-password`}>{labels?.password ?? t('password.new')}</label>
        <InputText
          id={`${idPrefix}-password`}
          type="password"
          autoComplete="new-password"
          value={value.password}
          invalid={Boolean(errors.password)}
          aria-describedby={`${idPrefix}-password-hint`}
          onChange={(e) => onChange({ ...value, password: e.target.value })}
        />
        {errors.password ? (
          <FieldError id={`${idPrefix}-password-hint`} text={errors.password} />
        ) : (
          <small id={`${idPrefix}-password-hint`} className="field-hint">
            {t('validation.passwordRule')}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-confirm`}>{labels?.confirm ?? t('password.confirm')}</label>
        <InputText
          id={`${idPrefix}-confirm`}
          type="password"
          autoComplete="new-password"
          value={value.confirmPassword}
          invalid={Boolean(errors.confirmPassword)}
          aria-describedby={`${idPrefix}-confirm-error`}
          onChange={(e) => onChange({ ...value, confirmPassword: e.target.value })}
        />
        <FieldError id={`${idPrefix}-confirm-error`} text={errors.confirmPassword} />
      </div>
    </>
  );
}
