/**
 * The Alerts tab's own rules (userAlert): "tell me when…" a run of my message fails for at least N % of its
 * recipients, or a delivery of my cloud source fails; each in the portal and/or by mail to my sign-in address,
 * on or off. A change saves at once.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_ALERT_EVENTS, type UserAlertEvent } from '../../../../shared/entities/userAlert';
import type { UserAlertView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate, useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { Field } from '../../components/Field';
import { Select } from '../../components/Select';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import '../../i18n/areas/userAlert';
import styles from './SettingsPage.module.css';

export function UserAlerts() {
  const { t } = useTranslation();
  const rules = useCall(keys.list('userAlert.getAll', {}));
  const { busy, save } = useSave();
  const [confirm, ask] = useConfirm();
  const [draft, setDraft] = useState({ event: 'RUN_FAILURE_RATE' as UserAlertEvent, threshold: 20, portal: true, email: false });
  const eventOptions = USER_ALERT_EVENTS.map((e) => ({ value: e, label: t(`userAlert.event.${e}`) }));

  const describe = (r: Pick<UserAlertView, 'event' | 'threshold'>) => t(`userAlert.when.${r.event}`, { threshold: r.threshold });
  const store = (work: () => Promise<unknown>, done: string) =>
    save(async () => {
      await work();
      await invalidate('userAlert.getAll');
    }, done);

  async function add(e: FormEvent) {
    e.preventDefault();
    await store(() => call('userAlert.save', draft), t('userAlert.added'));
  }

  const change = (r: UserAlertView, patch: Partial<UserAlertView>) =>
    store(
      () => call('userAlert.save', { id: r.id, event: r.event, threshold: r.threshold, portal: r.portal, email: r.email, enabled: r.enabled, version: r.version, ...patch }),
      t('userAlert.saved'),
    );

  async function remove(r: UserAlertView) {
    if (!(await ask({ header: t('userAlert.deleteTitle'), message: t('userAlert.deleteText', { what: describe(r) }), acceptLabel: t('common.delete'), danger: true }))) return;
    await store(() => call('userAlert.delete', { id: r.id }), t('userAlert.deleted'));
  }

  return (
    <div className={styles.settingsSection} data-testid="user-alerts">
      {confirm}
      <h2 className="card-title">{t('userAlert.title')}</h2>
      <p className="muted">{t('userAlert.text')}</p>
      {rules.data && rules.data.length === 0 && <p className="muted">{t('userAlert.empty')}</p>}
      {rules.data && rules.data.length > 0 && (
        <ul className="plain-list" aria-label={t('userAlert.title')}>
          {rules.data.map((r) => (
            <li key={r.id} className={styles.alertRule} data-testid="user-alert">
              <span>{describe(r)}</span>
              <span className={styles.alertChannels}>
                {(['portal', 'email'] as const).map((c) => (
                  <span key={c} className="checkbox-row">
                    <Checkbox
                      inputId={`alert-${r.id}-${c}`}
                      checked={r[c]}
                      disabled={busy || (r[c] && !r[c === 'portal' ? 'email' : 'portal'])}
                      onChange={(e) => void change(r, { [c]: Boolean(e.checked) })}
                    />
                    <label htmlFor={`alert-${r.id}-${c}`}>{t(`userAlert.channel.${c}`)}</label>
                  </span>
                ))}
                <span className="checkbox-row">
                  <InputSwitch
                    inputId={`alert-${r.id}-on`}
                    checked={r.enabled}
                    disabled={busy}
                    onChange={(e) => void change(r, { enabled: Boolean(e.value) })}
                    pt={{ root: { role: undefined, 'aria-checked': undefined } }}
                  />
                  <label htmlFor={`alert-${r.id}-on`}>{t('userAlert.enabled')}</label>
                </span>
                <Button
                  type="button"
                  size="small"
                  text
                  severity="danger"
                  icon="pi pi-trash"
                  aria-label={`${t('common.delete')}: ${describe(r)}`}
                  disabled={busy}
                  onClick={() => void remove(r)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className="form-grid" onSubmit={add} noValidate>
        <Field id="alert-new-event" label={t('userAlert.eventLabel')}>
          <Select
            inputId="alert-new-event"
            label={t('userAlert.eventLabel')}
            labelled
            value={draft.event}
            options={eventOptions}
            onChange={(e) => setDraft({ ...draft, event: e.value as UserAlertEvent })}
          />
        </Field>
        {draft.event === 'RUN_FAILURE_RATE' && (
          <Field id="alert-new-threshold" label={t('userAlert.threshold')}>
            <InputNumber
              inputId="alert-new-threshold"
              value={draft.threshold}
              min={1}
              max={100}
              suffix=" %"
              onValueChange={(e) => setDraft({ ...draft, threshold: e.value ?? 1 })}
            />
          </Field>
        )}
        <div className="field span-2">
          <span className={styles.alertChannels} role="group" aria-label={t('userAlert.channels')}>
            {(['portal', 'email'] as const).map((c) => (
              <span key={c} className="checkbox-row">
                <Checkbox inputId={`alert-new-${c}`} checked={draft[c]} onChange={(e) => setDraft({ ...draft, [c]: Boolean(e.checked) })} />
                <label htmlFor={`alert-new-${c}`}>{t(`userAlert.channel.${c}`)}</label>
              </span>
            ))}
          </span>
        </div>
        <div className="form-actions span-2">
          <Button type="submit" label={t('userAlert.add')} icon="pi pi-plus" loading={busy} disabled={!draft.portal && !draft.email} />
        </div>
      </form>
    </div>
  );
}
