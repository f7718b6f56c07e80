/** The account's own fields as a form, in the account dialog's edit mode. */

import { Checkbox } from 'primereact/checkbox';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../../shared/services';
import { call } from '../../api/client';
import { isApiError } from '../../api/apiError';
import { handleApiError } from '../../api/errorHandler';
import { clearedErrors } from '../../components/fieldErrors';
import { FieldError, TextField } from '../../components/TextField';
import { showSuccess } from '../../ui/toastBus';
import { type AccountForm, type AccountFormErrors, type AccountFormField, CONSENT_FIELDS as CONSENTS, fieldErrorOf, formOf, payloadOf } from './accountForm';

export const FORM_ID = 'account-edit-form';

/** The account's own fields as inputs; the server's field error shows under its input. */
export function AccountEditor({ account, onSaved, onBusy }: { account: AccountView; onSaved: (a: AccountView) => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<AccountForm>(() => formOf(account));
  const [errors, setErrors] = useState<AccountFormErrors>({});
  const [conflict, setConflict] = useState(false);
  const change = (patch: Partial<AccountForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => clearedErrors(e, Object.keys(patch)));
  };

  async function submit() {
    setErrors({});
    setConflict(false);
    onBusy(true);
    try {
      const saved = await call('account.save', payloadOf(account, form), { quiet: true });
      showSuccess(t('account.edit.saved', { id: saved.id }));
      onSaved(saved);
    } catch (e) {
      const field = isApiError(e) && e.code === '400016' ? fieldErrorOf(e.serverMessage ?? e.serverError) : null;
      if (field) {
        setErrors({ [field.field]: field.text });
        document.getElementById(`account-edit-${field.field}`)?.focus();
      } else {
        if (isApiError(e) && e.code === '720007') setConflict(true);
        handleApiError(e);
      }
    } finally {
      onBusy(false);
    }
  }

  const field = (name: AccountFormField, label: string, hint?: string) => (
    <TextField id={`account-edit-${name}`} label={label} value={form[name]} error={errors[name]} hint={hint} onChange={(v) => change({ [name]: v })} />
  );
  const area = (name: AccountFormField, label: string, hint: string) => (
    <div className="field span-2">
      <label htmlFor={`account-edit-${name}`}>{label}</label>
      <InputTextarea
        id={`account-edit-${name}`}
        value={form[name]}
        rows={Math.min(6, Math.max(2, form[name].split('\n').length))}
        invalid={Boolean(errors[name])}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`account-edit-${name}-error`}
        onChange={(e) => change({ [name]: e.target.value })}
      />
      {errors[name] ? (
        <FieldError id={`account-edit-${name}-error`} text={errors[name]} />
      ) : (
        <small id={`account-edit-${name}-error`} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );

  return (
    <form
      id={FORM_ID}
      className="form-grid"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {conflict && (
        <p className="notice notice-warn span-2" role="alert" data-testid="account-conflict">
          {t('account.edit.conflict')}
        </p>
      )}
      {field('lastName', t('account.lastName'))}
      {field('firstName', t('account.firstName'))}
      {area('emails', t('account.emails'), t('account.edit.onePerLine'))}
      {area('phones', t('account.phones'), t('account.edit.phonesHint'))}
      {field('lineUserId', t('account.lineUserId'))}
      {field('recipientName', t('account.edit.recipientName'))}
      {area('addressLines', t('account.edit.addressLines'), t('account.edit.addressLinesHint'))}
      {field('postcode', t('account.edit.postcode'))}
      {field('city', t('account.edit.city'))}
      {field('region', t('account.edit.region'))}
      {field('addressCountry', t('account.edit.addressCountry'), t('account.edit.countryHint'))}
      {field('country', t('account.country'), t('account.edit.countryHint'))}
      {field('locale', t('account.locale'), t('account.edit.localeHint'))}
      {field('timeZone', t('account.timeZone'), t('account.edit.timeZoneHint'))}
      {field('tags', t('account.tags'), t('account.edit.tagsHint'))}
      {area('attributes', t('account.attributes'), t('account.edit.attributesHint'))}
      <fieldset className="choice-group span-2">
        <legend>{t('account.consents')}</legend>
        {CONSENTS.map((c) => (
          <div key={c} className="checkbox-row">
            <Checkbox inputId={`account-edit-${c}`} checked={form[c]} onChange={(e) => change({ [c]: Boolean(e.checked) })} />
            <label htmlFor={`account-edit-${c}`}>{t(`account.${c}`)}</label>
          </div>
        ))}
      </fieldset>
    </form>
  );
}
