/**
 * One account: its fields, its devices and their notification permissions (spec 001 3.18), with an edit mode
 * for its own fields (account.save at the version read) and delete.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView } from '../../../../shared/services';
import { useCloseOnNavigation } from '../../ui/dialogBus';
import dialogStyles from '../../components/FormDialog.module.css';
import { AccountDevices } from './AccountDevices';
import { AccountEditor, FORM_ID } from './AccountEditor';
import { AccountEvents } from './AccountEvents';
import { AccountIot } from './AccountIot';
import { AccountOverview } from './AccountOverview';
import { PermissionRecord } from './PermissionRecord';

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
            <TabPanel header={t('account.tab.iot')}>
              <AccountIot account={account} />
            </TabPanel>
            <TabPanel header={t('account.tab.events')}>
              <AccountEvents id={account.id} />
            </TabPanel>
          </TabView>
        ))}
    </Dialog>
  );
}
