/**
 * Role delegations of the organization (on the users page): who lends their role to whom, from when until when,
 * and whether it is in effect now (by the server's clock); a new one, and ending one at once.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDelegateView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate, useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useDateTime } from '../../app/locale';
import { FormDialog } from '../../components/FormDialog';
import { Select } from '../../components/Select';
import { FieldError, TextField } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { showSuccess } from '../../ui/toastBus';
import '../../i18n/areas/organization';

const STATE_SEVERITY = { SCHEDULED: 'info', ACTIVE: 'success', ENDED: 'secondary' } as const;
const LIST = { page: 0, size: 100 };

/** A `datetime-local` value (UTC, as every date the portal shows) and back. */
const toInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const fromInput = (value: string) => (value ? Date.parse(`${value}:00Z`) : Number.NaN);

export function DelegationsPanel() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data, isLoading } = useCall(keys.list('userDelegate.getListByPage', LIST));
  const [open, setOpen] = useState(false);
  const [confirmElement, ask] = useConfirm();

  async function end(d: UserDelegateView) {
    const ok = await ask({
      header: t('delegation.deleteTitle'),
      message: t('delegation.deleteConfirm', { from: d.fromUsername, to: d.toUsername }),
      acceptLabel: t('delegation.deleteTitle'),
      danger: true,
    });
    if (!ok) return;
    try {
      await call('userDelegate.delete', { id: d.id });
      showSuccess(t('delegation.deleted'));
      void invalidate('userDelegate.getListByPage');
    } catch {
      // the toast says why
    }
  }

  return (
    <div className="card" data-testid="delegations">
      <div className="page-header">
        <div>
          <h2>{t('delegation.title')}</h2>
          <p className="muted">{t('delegation.intro')}</p>
        </div>
        <Button type="button" icon="pi pi-plus" label={t('delegation.add')} onClick={() => setOpen(true)} />
      </div>
      <DataTable
        value={data?.list ?? []}
        loading={isLoading}
        dataKey="id"
        emptyMessage={t('delegation.empty')}
        data-testid="delegation-list"
        // on a narrow screen the table scrolls sideways: a keyboard reaches the scrolling part too
        pt={{ wrapper: { tabIndex: 0, role: 'region', 'aria-label': t('delegation.title') } as never }}
      >
        <Column field="fromUsername" header={t('delegation.from')} />
        <Column field="toUsername" header={t('delegation.to')} />
        <Column field="roleName" header={t('delegation.role')} />
        <Column header={t('delegation.start')} body={(d: UserDelegateView) => dateTime(d.startAt)} />
        <Column header={t('delegation.end')} body={(d: UserDelegateView) => dateTime(d.endAt)} />
        <Column header={t('delegation.state')} body={(d: UserDelegateView) => <Tag value={t(`delegation.states.${d.state}`)} severity={STATE_SEVERITY[d.state]} rounded />} />
        <Column
          header={t('common.actions')}
          body={(d: UserDelegateView) =>
            d.state === 'ENDED' ? null : (
              <Button type="button" icon="pi pi-times" text rounded severity="danger" aria-label={t('delegation.endItem', { name: d.toUsername })} onClick={() => void end(d)} />
            )
          }
        />
      </DataTable>
      {open && <DelegationDialog onHide={() => setOpen(false)} />}
      {confirmElement}
    </div>
  );
}

function DelegationDialog({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation();
  const { data: users } = useCall(keys.list('user.getAll', {}));
  const now = Date.now();
  const [form, setForm] = useState({ fromUserId: '', toUserId: '', start: toInput(now), end: toInput(now + 7 * 86_400_000) });
  const [errors, setErrors] = useState<Partial<Record<'fromUserId' | 'toUserId' | 'end', string>>>({});
  const { busy, save } = useSave();
  const options = (users ?? []).map((u) => ({ label: u.username, value: u.id }));

  async function submit() {
    const startAt = fromInput(form.start);
    const endAt = fromInput(form.end);
    const choose = (label: string) => t('validation.selectRequired', { param: label });
    const problems = {
      fromUserId: form.fromUserId ? undefined : choose(t('delegation.from')),
      toUserId: form.toUserId ? undefined : choose(t('delegation.to')),
      end: Number.isFinite(startAt) && Number.isFinite(endAt) && startAt < endAt ? undefined : t('delegation.dateRange'),
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    const saved = await save(() => call('userDelegate.save', { fromUserId: form.fromUserId, toUserId: form.toUserId, startAt, endAt }), t('delegation.saved'));
    if (!saved) return;
    void invalidate('userDelegate.getListByPage');
    onHide();
  }

  const select = (field: 'fromUserId' | 'toUserId', id: string, label: string) => (
    <div className="field">
      <label htmlFor={id}>{label} *</label>
      <Select
        inputId={id}
        label={label}
        labelled
        value={form[field] || null}
        options={options}
        invalid={Boolean(errors[field])}
        filter={options.length > 8}
        onChange={(e) => {
          setForm((f) => ({ ...f, [field]: e.value as string }));
          setErrors((x) => ({ ...x, [field]: undefined }));
        }}
      />
      <FieldError id={`${id}-error`} text={errors[field]} />
    </div>
  );

  return (
    <FormDialog id="delegation-dialog" header={t('delegation.addTitle')} visible onHide={onHide} onSubmit={submit} busy={busy} wide>
      {select('fromUserId', 'delegation-from', t('delegation.from'))}
      {select('toUserId', 'delegation-to', t('delegation.to'))}
      <TextField
        id="delegation-start"
        type="datetime-local"
        label={`${t('delegation.start')} (UTC) *`}
        value={form.start}
        onChange={(start) => setForm((f) => ({ ...f, start }))}
      />
      <TextField
        id="delegation-end"
        type="datetime-local"
        label={`${t('delegation.end')} (UTC) *`}
        value={form.end}
        error={errors.end}
        onChange={(end) => {
          setForm((f) => ({ ...f, end }));
          setErrors((x) => ({ ...x, end: undefined }));
        }}
      />
    </FormDialog>
  );
}
