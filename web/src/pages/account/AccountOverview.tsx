/** The account's own fields, read only, in the account dialog. */

import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../../shared/format';
import type { AccountView } from '../../../../shared/services';
import { useDateTime } from '../../app/locale';
import { usePhoneText } from '../../app/phone';
import { CONSENT_FIELDS as CONSENTS } from './accountForm';
import styles from './account.module.css';

/** The postal address as it would be written on an envelope, a line each. */
function addressLines(address: AccountView['address']): string[] {
  if (!address) return [];
  const place = [address.postcode, address.city, address.region].filter(Boolean).join(' ');
  return [address.recipientName, ...address.lines, place, address.country].filter((line): line is string => Boolean(line));
}

/** The account's own fields, read only. */
export function AccountOverview({ account }: { account: AccountView }) {
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
