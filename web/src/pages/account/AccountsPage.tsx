/**
 * Accounts (/library/account): the organization's recipients a page at a time by cursor (there may be millions),
 * searched by id prefix or exact e-mail address; one account's details in a dialog.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { displayName, formatCount } from '../../../../shared/format';
import type { AccountView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useDateTime } from '../../app/locale';
import { usePhoneText } from '../../app/phone';
import { useConfirm } from '../../components/useConfirm';
import { showSuccess } from '../../ui/toastBus';
import { AccountDialog } from './AccountDialog';
import '../../i18n/areas/audience';
import styles from './account.module.css';
import toolbarStyles from '../../components/list/ListToolbar.module.css';
import linkStyles from '../../components/links.module.css';
import { LoadError } from '../../components/LoadError';
import { Page } from '../../components/Page';

const SIZE = 20;
const SEARCH_DELAY_MS = 300;

export default function AccountsPage() {
  const { t, i18n } = useTranslation();
  const formatDateTime = useDateTime();
  const phone = usePhoneText();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  /** the cursor of each page shown so far; the last one is the current page's */
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [open, setOpen] = useState<AccountView | null>(null);
  const [confirmElement, ask] = useConfirm();

  // Only a changed search starts again from the first page (not the first render, whose timer would otherwise
  // send someone who had already moved on back to page 1).
  useEffect(() => {
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setCursors([undefined]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const query = { search: search || undefined, cursor: cursors.at(-1), size: SIZE };
  const { data, error, isLoading, isValidating, mutate } = useCall(keys.list('account.getListByPage', query), { keepPreviousData: true });
  const rows = data?.list ?? [];
  const count = useCall(keys.list('account.count', {}));
  const page = cursors.length;

  async function remove(account: AccountView) {
    const yes = await ask({ header: t('account.deleteTitle'), message: t('account.deleteConfirm', { id: account.id }), acceptLabel: t('common.delete'), danger: true });
    if (!yes) return;
    try {
      await call('account.delete', { id: account.id });
    } catch {
      return;
    }
    showSuccess(t('account.deleted', { id: account.id }));
    setOpen(null);
    await Promise.all([mutate(), count.mutate()]);
  }

  async function saved(account: AccountView) {
    setOpen(account);
    await Promise.all([mutate(), count.mutate()]);
  }

  return (
    <Page
      title={t('page.accounts')}
      intro={t('account.intro')}
      actions={
        <Link to="/library/batches" className={linkStyles.headerLink}>
          <i className="pi pi-upload" aria-hidden="true" />
          <span>{t('account.importLink')}</span>
        </Link>
      }
    >
      <div className="card" data-testid="account-list">
        <div className={`${toolbarStyles.listToolbar} list-toolbar`}>
          <p className="list-total" data-testid="account-total" aria-live="polite">
            {count.data ? t(count.data.complete ? 'account.total' : 'account.totalAtLeast', { total: formatCount(count.data.total) }) : ''}
          </p>
          <IconField iconPosition="left" className={styles.accountSearch}>
            <InputIcon className="pi pi-search" />
            <InputText
              id="account-search"
              type="search"
              value={typed}
              placeholder={t('account.search')}
              aria-label={t('account.search')}
              onChange={(e) => setTyped(e.target.value)}
            />
          </IconField>
          <div className={toolbarStyles.listActions}>
            <Button type="button" icon="pi pi-refresh" text rounded aria-label={t('common.refresh')} loading={isValidating && !isLoading} onClick={() => void mutate()} />
          </div>
        </div>
        {error && <LoadError text={t('list.error')} />}
        <DataTable
          value={rows}
          dataKey="id"
          loading={isLoading || isValidating}
          emptyMessage={search ? t('account.noMatch') : t('account.empty')}
          className="list-table"
          stripedRows
          size="small"
          tableStyle={{ minWidth: '48rem' }}
        >
          <Column field="id" header={t('account.id')} />
          <Column header={t('account.email')} body={(a: AccountView) => a.emails[0] ?? '--'} />
          <Column header={t('account.phone')} body={(a: AccountView) => (a.phones?.[0] ? phone(a.phones[0]) : '--')} />
          <Column header={t('account.name')} body={(a: AccountView) => displayName(a.firstName, a.lastName, i18n.language) || '--'} />
          <Column header={t('account.country')} body={(a: AccountView) => a.country ?? '--'} />
          <Column header={t('account.locale')} body={(a: AccountView) => a.locale ?? '--'} />
          <Column header={t('account.tags')} body={(a: AccountView) => (a.tags.length ? a.tags.map((tag) => <Tag key={tag} value={tag} className="mr-1" />) : '--')} />
          <Column header={t('account.emailConsentColumn')} body={(a: AccountView) => (a.emailConsent ? t('common.yes') : t('common.no'))} />
          <Column header={t('account.dateUpdated')} body={(a: AccountView) => formatDateTime(a.dateUpdated)} />
          <Column
            header={t('common.actions')}
            className="actions-column"
            headerClassName="actions-column"
            body={(a: AccountView) => <Button type="button" icon="pi pi-eye" text rounded aria-label={t('account.view', { id: a.id })} onClick={() => setOpen(a)} />}
          />
        </DataTable>
        <nav className={styles.pager} aria-label={t('account.pager')}>
          <Button type="button" icon="pi pi-angle-left" label={t('account.previous')} text disabled={page === 1} onClick={() => setCursors(cursors.slice(0, -1))} />
          <span aria-live="polite">{t('account.pageNumber', { page })}</span>
          <Button
            type="button"
            icon="pi pi-angle-right"
            iconPos="right"
            label={t('account.next')}
            text
            disabled={!data?.cursor || isValidating}
            onClick={() => setCursors([...cursors, data?.cursor])}
          />
        </nav>
      </div>
      <AccountDialog account={open} onHide={() => setOpen(null)} onDelete={(a) => void remove(a)} onSaved={(a) => void saved(a)} />
      {confirmElement}
    </Page>
  );
}
