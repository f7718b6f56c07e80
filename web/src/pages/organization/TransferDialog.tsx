/** Hands the organization signed in to over to another active member (only its owner may). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizationView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { FormDialog } from '../../components/FormDialog';
import { useSave } from '../../components/useSave';
import { SelectField } from '../../components/Field';

export function TransferDialog({ org, onHide, onSaved }: { org: OrganizationView; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { data: users } = useCall(keys.list('user.getAll', {}));
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const { busy, save } = useSave();
  const options = (users ?? []).filter((u) => u.id !== org.ownerUserId).map((u) => ({ label: u.username, value: u.id }));

  async function submit() {
    if (!userId) {
      setError(t('validation.selectRequired', { param: t('organization.transferTo') }));
      return;
    }
    const username = options.find((o) => o.value === userId)?.label ?? '';
    const saved = await save(() => call('organization.transfer', { id: org.id, userId, version: org.version }), t('organization.transferred', { name: org.name, username }));
    if (!saved) return;
    onSaved();
    onHide();
  }

  return (
    <FormDialog
      id="transfer-dialog"
      header={t('organization.transferTitle', { name: org.name })}
      visible
      onHide={onHide}
      onSubmit={submit}
      busy={busy}
      submitLabel={t('organization.transferAccept')}
    >
      <p className="span-2 muted">{t('organization.transferText')}</p>
      <SelectField
        id="transfer-user"
        className="span-2"
        label={t('organization.transferTo')}
        required
        error={error}
        value={userId}
        options={options}
        filter={options.length > 8}
        onChange={(e) => {
          setUserId(e.value as string);
          setError(undefined);
        }}
      />
    </FormDialog>
  );
}
