/**
 * One account: its fields, its devices and their notification permissions (spec 001 3.18), with an edit mode
 * for its own fields (account.save at the version read) and delete.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../shared/format';
import type { AccountView, Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { isApiError } from '../../api/apiError';
import { handleApiError } from '../../api/errorHandler';
import { useCursorPages } from '../../api/useCursorPages';
import { useDateTime } from '../../app/locale';
import { usePhoneText } from '../../app/phone';
import { clearedErrors } from '../../components/fieldErrors';
import { FieldError, TextField } from '../../components/TextField';
import { useCloseOnNavigation } from '../../ui/dialogBus';
import { showSuccess } from '../../ui/toastBus';
import { type AccountForm, type AccountFormErrors, type AccountFormField, CONSENT_FIELDS as CONSENTS, fieldErrorOf, formOf, payloadOf } from './accountForm';
import styles from './account.module.css';
import dialogStyles from '../../components/FormDialog.module.css';
import tableStyles from '../../components/list/CursorTable.module.css';

/** The postal address as it would be written on an envelope, a line each. */
function addressLines(address: AccountView['address']): string[] {
  if (!address) return [];
  const place = [address.postcode, address.city, address.region].filter(Boolean).join(' ');
  return [address.recipientName, ...address.lines, place, address.country].filter((line): line is string => Boolean(line));
}
const PERMISSION_SEVERITY = { ALWAYS: 'success', WHEN_IN_USE: 'info', ONLY_ONCE: 'warning', NOT_ALLOW: 'danger' } as const;

/** The account's devices, or their notification permissions (spec 001 3.18). */
function AccountDevices({ id, view }: { id: string; view: 'devices' | 'permissions' }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const { data, error, isLoading } = useSWR(['account.devices', { id }], () => call('account.devices', { id }, { quiet: true }));
  if (isLoading) return <p className="muted">{t('account.loadingDevices')}</p>;
  if (error)
    return (
      <p className="p-error" role="alert">
        {t('list.errorShort')}
      </p>
    );
  if (!data?.length)
    return (
      <p className="muted" data-testid="no-devices">
        {t('account.noDevices')}
      </p>
    );
  return (
    <div className={tableStyles.tableScroll}>
      <table className="simple-table" data-testid={`account-${view}`}>
        <thead>
          <tr>
            <th scope="col">{t('account.device.id')}</th>
            <th scope="col">{t('account.device.platform')}</th>
            {view === 'devices' ? (
              <>
                <th scope="col">{t('account.device.os')}</th>
                <th scope="col">{t('account.device.appVersion')}</th>
                <th scope="col">{t('account.device.token')}</th>
              </>
            ) : (
              <th scope="col">{t('account.device.permission')}</th>
            )}
            <th scope="col">{t('account.dateUpdated')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.deviceId}>
              <td>{d.deviceId}</td>
              <td>{d.platform}</td>
              {view === 'devices' ? (
                <>
                  <td>{d.os ?? '--'}</td>
                  <td>{d.appVersion ?? '--'}</td>
                  <td title={d.pushToken}>{d.pushToken ? `${d.pushToken.slice(0, 12)}…` : '--'}</td>
                </>
              ) : (
                <td>
                  <Tag value={t(`account.permission.${d.permission}`)} severity={PERMISSION_SEVERITY[d.permission]} rounded />
                </td>
              )}
              <td>{formatDateTime(d.dateUpdated)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each notification-permission change the account's devices reported, newest first (the permission record). */
function PermissionRecord({ id }: { id: string }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const { data, error, isLoading } = useSWR(['account.permissionRecords', { id }], () => call('account.permissionRecords', { id }, { quiet: true }));
  if (isLoading) return null;
  if (error)
    return (
      <p className="p-error" role="alert">
        {t('list.errorShort')}
      </p>
    );
  return (
    <section aria-labelledby="permission-record-title">
      <h3 id="permission-record-title">{t('account.permissionRecord')}</h3>
      {!data?.length ? (
        <p className="muted">{t('account.noPermissionChanges')}</p>
      ) : (
        <div className={tableStyles.tableScroll}>
          <table className="simple-table" data-testid="account-permission-record">
            <thead>
              <tr>
                <th scope="col">{t('account.event.at')}</th>
                <th scope="col">{t('account.device.id')}</th>
                <th scope="col">{t('account.permissionFrom')}</th>
                <th scope="col">{t('account.permissionTo')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((r) => (
                <tr key={r.recordKey}>
                  <td>{formatDateTime(r.at)}</td>
                  <td>{r.deviceId}</td>
                  <td>{r.from ? t(`account.permission.${r.from}`) : '--'}</td>
                  <td>{t(`account.permission.${r.to}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type AccountEventRow = Result<'account.events'>['list'][number];

/** What the account's apps reported, newest first, a page at a time. */
function AccountEvents({ id }: { id: string }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const { rows, first, hasMore, loadingMore, more } = useCursorPages(
    ['account.events', { id }],
    (cursor: string | undefined) => call('account.events', { id, size: 50, cursor }, { quiet: cursor === undefined }),
    { items: (page): AccountEventRow[] => page.list, next: (page) => page.cursor },
  );
  if (first.isLoading) return <p className="muted">{t('account.loadingDevices')}</p>;
  if (first.error)
    return (
      <p className="p-error" role="alert">
        {t('list.errorShort')}
      </p>
    );
  if (rows.length === 0)
    return (
      <p className="muted" data-testid="no-events">
        {t('account.noEvents')}
      </p>
    );
  const detail = (e: AccountEventRow) => [e.name, e.planId, e.buttonId, e.geofenceId, e.beaconId, e.url].filter(Boolean).join(' · ') || '--';
  return (
    <div className={tableStyles.tableScroll}>
      <table className="simple-table" data-testid="account-events">
        <thead>
          <tr>
            <th scope="col">{t('account.event.at')}</th>
            <th scope="col">{t('account.event.type')}</th>
            <th scope="col">{t('account.event.detail')}</th>
            <th scope="col">{t('account.device.id')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.eventKey}>
              <td>{formatDateTime(e.at)}</td>
              <td>{t(`account.eventType.${e.type}`, { defaultValue: e.type })}</td>
              <td>{detail(e)}</td>
              <td>{e.deviceId ?? '--'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasMore && <Button type="button" label={t('account.loadMore')} text loading={loadingMore} onClick={() => void more()} />}
    </div>
  );
}

/** The account's own fields, read only. */
function AccountOverview({ account }: { account: AccountView }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useDateTime();
  const phone = usePhoneText();
  const attributes = Object.entries(account.attributes);
  const text = (v: string | undefined) => v || '--';
  return (
    <dl className={styles.accountDetail}>
      <dt>{t('account.id')}</dt>
      <dd>{account.id}</dd>
      <dt>{t('account.name')}</dt>
      <dd data-testid="account-name">{displayName(account.firstName, account.lastName, i18n.language) || '--'}</dd>
      <dt>{t('account.emails')}</dt>
      <dd data-testid="account-emails">{account.emails.join(', ') || '--'}</dd>
      <dt>{t('account.phones')}</dt>
      <dd data-testid="account-phones">{account.phones?.map(phone).join(', ') || '--'}</dd>
      <dt>{t('account.lineUserId')}</dt>
      <dd data-testid="account-line">{text(account.lineUserId)}</dd>
      <dt>{t('account.address')}</dt>
      <dd data-testid="account-address">
        {addressLines(account.address).length === 0
          ? '--'
          : addressLines(account.address).map((line, i) => (
              <span key={i} className="address-line">
                {line}
                <br />
              </span>
            ))}
      </dd>
      <dt>{t('account.country')}</dt>
      <dd>{text(account.country)}</dd>
      <dt>{t('account.locale')}</dt>
      <dd>{text(account.locale)}</dd>
      <dt>{t('account.timeZone')}</dt>
      <dd>{text(account.timeZone)}</dd>
      <dt>{t('account.tags')}</dt>
      <dd>{account.tags.length ? account.tags.map((tag) => <Tag key={tag} value={tag} className="mr-1" />) : '--'}</dd>
      <dt>{t('account.consents')}</dt>
      <dd data-testid="account-consents">
        {CONSENTS.map((c) => (
          <Tag key={c} className="mr-1" severity={account[c] ? 'success' : 'secondary'} value={`${t(`account.${c}`)}: ${account[c] ? t('common.yes') : t('common.no')}`} />
        ))}
      </dd>
      <dt>{t('account.attributes')}</dt>
      <dd data-testid="account-attributes">
        {attributes.length === 0 ? (
          t('account.noAttributes')
        ) : (
          <ul className="plain-list">
            {attributes.map(([name, value]) => (
              <li key={name}>
                <strong>{name}</strong>: {String(value)}
              </li>
            ))}
          </ul>
        )}
      </dd>
      <dt>{t('account.dateCreated')}</dt>
      <dd>{formatDateTime(account.dateCreated)}</dd>
      <dt>{t('account.dateUpdated')}</dt>
      <dd>{formatDateTime(account.dateUpdated)}</dd>
      <dt>{t('account.version')}</dt>
      <dd>{account.version}</dd>
    </dl>
  );
}

const FORM_ID = 'account-edit-form';

/** The account's own fields as inputs; the server's field error shows under its input. */
function AccountEditor({ account, onSaved, onBusy }: { account: AccountView; onSaved: (a: AccountView) => void; onBusy: (busy: boolean) => void }) {
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

export function AccountDialog({
  account,
  onHide,
  onDelete,
  onSaved,
}: {
  account: AccountView | null;
  onHide: () => void;
  onDelete: (a: AccountView) => void;
  onSaved: (a: AccountView) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  useCloseOnNavigation(account !== null, onHide);
  // another account, or the same one saved: back to reading
  // biome-ignore lint/correctness/useExhaustiveDependencies(account?.id): another account is read first
  // biome-ignore lint/correctness/useExhaustiveDependencies(account?.version): the same account saved is read again
  useEffect(() => setEditing(false), [account?.id, account?.version]);
  return (
    <Dialog
      id="account-dialog"
      header={account ? t(editing ? 'account.edit.title' : 'account.detailTitle', { id: account.id }) : ''}
      visible={account !== null}
      onHide={onHide}
      className={`${dialogStyles.formDialog} ${dialogStyles.wide}`}
      breakpoints={{ '1023px': '90vw', '640px': '100vw' }}
      modal
      draggable={false}
      footer={
        // keyed, so a button is never reused for the other mode's (its colours would be caught mid-transition)
        editing ? (
          <div key="edit" className={`${dialogStyles.dialogFooter} dialog-footer`}>
            <Button type="button" label={t('common.cancel')} outlined disabled={busy} onClick={() => setEditing(false)} />
            <Button type="submit" form={FORM_ID} icon="pi pi-check" label={t('common.save')} loading={busy} />
          </div>
        ) : (
          <div key="read" className={`${dialogStyles.dialogFooter} dialog-footer`}>
            <Button type="button" icon="pi pi-trash" label={t('common.delete')} severity="danger" outlined onClick={() => account && onDelete(account)} />
            <Button type="button" icon="pi pi-pencil" label={t('account.edit.button')} outlined onClick={() => setEditing(true)} />
            <Button type="button" label={t('account.close')} onClick={onHide} />
          </div>
        )
      }
    >
      {account &&
        (editing ? (
          <AccountEditor account={account} onSaved={onSaved} onBusy={setBusy} />
        ) : (
          <TabView className="account-tabs">
            <TabPanel header={t('account.tab.overview')}>
              <AccountOverview account={account} />
            </TabPanel>
            <TabPanel header={t('account.tab.devices')}>
              <AccountDevices id={account.id} view="devices" />
            </TabPanel>
            <TabPanel header={t('account.tab.permissions')}>
              <AccountDevices id={account.id} view="permissions" />
              <PermissionRecord id={account.id} />
            </TabPanel>
            <TabPanel header={t('account.tab.events')}>
              <AccountEvents id={account.id} />
            </TabPanel>
          </TabView>
        ))}
    </Dialog>
  );
}
