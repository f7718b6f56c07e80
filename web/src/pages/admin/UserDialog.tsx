/** Add or edit a portal user: username, names, email, role, status and (for a new user) a password. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../shared/services';
import { isValidEmail } from '../../../../shared/validation';
import { call } from '../../api/client';
import { useRoleOptions } from '../../api/hooks';
import { TextField } from '../../components/TextField';
import { FormDialog } from '../../components/FormDialog';
import { type PasswordPair, PasswordFields, passwordPairErrors } from '../../components/PasswordFields';
import { showSuccess } from '../../ui/toastBus';
import { changedFields, clearedErrors } from '../../components/fieldErrors';
import { shownName } from '../../i18n/seededNames';
import { SelectField, StatusField } from '../../components/Field';

type Errors = Partial<Record<'username' | 'email' | 'roleId' | 'password' | 'confirmPassword', string>>;

export function UserDialog({ user, visible, onHide, onSaved, sso }: { user: UserView | null; visible: boolean; onHide: () => void; onSaved: () => void; sso: boolean }) {
  const { t } = useTranslation();
  const { data: roles } = useRoleOptions();
  const editing = Boolean(user);
  const [form, setForm] = useState({ username: '', firstName: '', lastName: '', email: '', roleId: '', status: 'ACTIVE' as 'ACTIVE' | 'INACTIVE' });
  const [pair, setPair] = useState<PasswordPair>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setErrors((e) => clearedErrors(e, Object.keys(patch)));
  };

  useEffect(() => {
    if (!visible) return;
    setForm({
      username: user?.username ?? '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      roleId: user?.roleId ?? '',
      status: user?.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    });
    setPair({ password: '', confirmPassword: '' });
    setErrors({});
  }, [visible, user]);

  const required = (label: string) => t('validation.inputRequired', { param: label });

  async function submit() {
    const problems: Errors = {
      username: form.username.trim() ? undefined : required(t('user.username')),
      email: isValidEmail(form.email.trim()) ? undefined : t('validation.emailInvalid'),
      roleId: form.roleId ? undefined : t('validation.selectRequired', { param: t('user.role') }),
      ...(sso ? {} : passwordPairErrors(pair, t, { optional: editing })),
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    try {
      const saved = await call('user.save', {
        ...(user ? { id: user.id, version: user.version } : {}),
        username: form.username.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        email: form.email.trim(),
        roleId: form.roleId,
        status: form.status,
        ...(pair.password ? { password: pair.password } : {}),
      });
      // an address that has an account is asked to join instead (the account's password stays its owner's)
      const invitedInstead = !editing && saved.status === 'INVITED';
      showSuccess(invitedInstead ? t('user.invitedDone', { email: form.email.trim() }) : t(editing ? 'user.updated' : 'user.created', { username: form.username.trim() }));
      onSaved();
      onHide();
    } catch {
      // the toast says why (720001 username taken, 720007 changed by someone else)
    } finally {
      setBusy(false);
    }
  }

  const roleOptions = (roles ?? []).map((r) => ({ label: r.active ? shownName(r.name) : `${shownName(r.name)} (${t('status.INACTIVE')})`, value: r.id }));
  return (
    <FormDialog id="user-dialog" header={t(editing ? 'user.edit' : 'user.add')} visible={visible} onHide={onHide} onSubmit={submit} busy={busy} wide>
      <TextField id="user-username" label={`${t('user.username')} *`} value={form.username} maxLength={64} error={errors.username} onChange={(username) => change({ username })} />
      <TextField id="user-email" type="email" label={`${t('user.email')} *`} value={form.email} error={errors.email} onChange={(email) => change({ email })} />
      <TextField id="user-first-name" label={t('user.firstName')} value={form.firstName} maxLength={64} onChange={(firstName) => setForm({ ...form, firstName })} />
      <TextField id="user-last-name" label={t('user.lastName')} value={form.lastName} maxLength={64} onChange={(lastName) => setForm({ ...form, lastName })} />
      <SelectField
        id="user-role"
        label={t('user.role')}
        required
        error={errors.roleId}
        value={form.roleId || null}
        options={roleOptions}
        placeholder={t('user.chooseRole')}
        onChange={(e) => change({ roleId: e.value as string })}
        filter={roleOptions.length > 8}
      />
      {user?.status !== 'INVITED' && <StatusField id="user-status" label={t('common.status')} value={form.status} onChange={(status) => setForm({ ...form, status })} />}
      {!sso && (
        <>
          {editing && <p className="span-2 muted small">{t('user.passwordOptional')}</p>}
          <PasswordFields
            idPrefix="user"
            value={pair}
            onChange={(next) => {
              setPair(next);
              setErrors((e) => clearedErrors(e, changedFields(pair, next)));
            }}
            errors={errors}
            labels={{ password: `${t('user.password')}${editing ? '' : ' *'}`, confirm: `${t('password.confirm')}${editing ? '' : ' *'}` }}
          />
        </>
      )}
    </FormDialog>
  );
}
