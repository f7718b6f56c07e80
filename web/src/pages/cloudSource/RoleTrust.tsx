/** The external id Herald made for a cloud source, and the trust policy it asks of the customer. */
import { useTranslation } from 'react-i18next';
import type { CloudSourceView } from '../../../../shared/services';

/** The external id Herald made for the source, and what the customer's trust policy must say about it. */
export function RoleTrust({ source }: { source: CloudSourceView | null }) {
  const { t } = useTranslation();
  if (!source?.externalId)
    return (
      <p className="muted span-2" data-testid="cloud-trust">
        {t('cloudSource.hint.externalIdAtSave')}
      </p>
    );
  return (
    <div className="field span-2" data-testid="cloud-trust">
      <span className="muted">{t('cloudSource.field.externalId')}</span>
      <code id="cloud-externalId">{source.externalId}</code>
      <small className="field-hint">
        {t('cloudSource.hint.trustPolicy', { principal: source.trustPrincipal ?? t('cloudSource.hint.jobRole'), externalId: source.externalId })}
      </small>
    </div>
  );
}
