/** Invite a user by e-mail with a role: they get a link to set their password. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidEmail } from '../../../../shared/validation';
import { call } from '../../api/client';
import { useRoleOptions } from '../../api/hooks';
import { TextField } from '../../components/TextField';
import { FormDialog } from '../../components/FormDialog';
import { showSuccess } from '../../ui/toastBus';
import { ApiError } from '../../api/apiError';
import { handleApiError } from '../../api/errorHandler';
import { inviteRefusalOf } from '../../../../shared/services/user';
import { clearedErrors } from '../../components/fieldErrors';
import { shownName } from '../../i18n/seededNames';
import { SelectField } from '../../components/Field';

export function InviteDialog({ visible, onHide, onSaved }: { visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { data: roles } = useRoleOptions(true);
  const [form, setForm] = useState({ email: '', roleId: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<{ email?: string; roleId?: string }>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    setErrors((e) => clearedErrors(e, Object.keys(patch)));
  };

  useEffect(() => {
    if (visible) {
      setForm({ email: '', roleId: '', firstName: '', lastName: '' });
      setErrors({});
    }
  }, [visible]);

  async function submit() {
    const problems = {
      email: isValidEmail(form.email.trim()) ? undefined : t('validation.emailInvalid'),
      roleId: form.roleId ? undefined : t('validation.selectRequired', { param: t('user.role') }),
    };
    setErrors(problems);
    if (problems.email || problems.roleId) return;
    setBusy(true);
    try {
      await call('user.invited', { email: form.email.trim(), roleId: form.roleId, firstName: form.firstName.trim(), lastName: form.lastName.trim() }, { quiet: true });
      showSuccess(t('user.invitedDone', { email: form.email.trim() }));
      onSaved();
      onHide();
    } catch (e) {
      // a member or a pending invitation: said at the address, in plain words; anything else in the toast
      const refusal = e instanceof ApiError && e.code === '720001' ? inviteRefusalOf(e.serverMessage) : undefined;
      if (refusal) setErrors({ email: t(refusal === 'member' ? 'user.inviteIsMember' : 'user.inviteIsInvited', { email: form.email.trim() }) });
      else handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog id="invite-dialog" header={t('user.invite')} visible={visible} onHide={onHide} onSubmit={submit} busy={busy} submitLabel={t('user.sendInvite')}>
      <TextField
        id="invite-email"
        type="email"
        fieldClassName="span-2"
        label={`${t('user.email')} *`}
        value={form.email}
        error={errors.email}
        onChange={(email) => change({ email })}
      />
      <SelectField
        id="invite-role"
        className="span-2"
        label={t('user.role')}
        required
        error={errors.roleId}
        value={form.roleId || null}
        options={(roles ?? []).map((r) => ({ label: shownName(r.name), value: r.id }))}
        placeholder={t('user.chooseRole')}
        onChange={(e) => change({ roleId: e.value as string })}
      />
      <TextField id="invite-first-name" label={t('user.firstName')} value={form.firstName} maxLength={64} onChange={(firstName) => setForm({ ...form, firstName })} />
      <TextField id="invite-last-name" label={t('user.lastName')} value={form.lastName} maxLength={64} onChange={(lastName) => setForm({ ...form, lastName })} />
      <p className="span-2 muted small">{t('user.inviteHint')}</p>
    </FormDialog>
  );
}
