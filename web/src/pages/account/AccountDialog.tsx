/** One account's fields, read only, with delete. */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format';
import type { AccountView } from '../../../../shared/services';
import { useCloseOnNavigation } from '../../ui/dialogBus';

const CONSENTS = ['emailConsent', 'smsConsent', 'pushConsent', 'lineConsent'] as const;

export function AccountDialog({ account, onHide, onDelete }: { account: AccountView | null; onHide: () => void; onDelete: (a: AccountView) => void }) {
  const { t } = useTranslation();
  useCloseOnNavigation(account !== null, onHide);
  const attributes = Object.entries(account?.attributes ?? {});
  const text = (v: string | undefined) => v || '--';
  return (
    <Dialog
      id="account-dialog"
      header={account ? t('account.detailTitle', { id: account.id }) : ''}
      visible={account !== null}
      onHide={onHide}
      className="form-dialog form-dialog-wide"
      breakpoints={{ '1023px': '90vw', '640px': '100vw' }}
      modal
      draggable={false}
      footer={
        <div className="dialog-footer">
          <Button type="button" icon="pi pi-trash" label={t('common.delete')} severity="danger" outlined onClick={() => account && onDelete(account)} />
          <Button type="button" label={t('account.close')} onClick={onHide} />
        </div>
      }
    >
      {account && (
        <dl className="account-detail">
          <dt>{t('account.id')}</dt>
          <dd>{account.id}</dd>
          <dt>{t('account.emails')}</dt>
          <dd>{account.emails.join(', ') || '--'}</dd>
          <dt>{t('account.firstName')}</dt>
          <dd>{text(account.firstName)}</dd>
          <dt>{t('account.lastName')}</dt>
          <dd>{text(account.lastName)}</dd>
          <dt>{t('account.country')}</dt>
          <dd>{text(account.country)}</dd>
          <dt>{t('account.locale')}</dt>
          <dd>{text(account.locale)}</dd>
          <dt>{t('account.timeZone')}</dt>
          <dd>{text(account.timeZone)}</dd>
          <dt>{t('account.tags')}</dt>
          <dd>{account.tags.length ? account.tags.map((tag) => <Tag key={tag} value={tag} className="mr-1" />) : '--'}</dd>
          <dt>{t('account.consents')}</dt>
          <dd>
            {CONSENTS.map((c) => (
              <Tag key={c} className="mr-1" severity={account[c] ? 'success' : 'secondary'} value={`${t(`account.${c}`)}: ${account[c] ? t('common.yes') : t('common.no')}`} />
            ))}
          </dd>
          <dt>{t('account.attributes')}</dt>
          <dd>
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
      )}
    </Dialog>
  );
}
