/**
 * Step 4 of a letter, Company (spec 001 section 5): the organization's company the letter is sent by, whose
 * direct-mail type, full name, address, website, contact name, phone and e-mail are printed as its sender.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Select } from '../../../components/Select';
import { FieldError } from '../../../components/TextField';
import type { StepProps } from './ContentStep';
import '../../../i18n/areas/entity';
import { useCompanies } from './ChannelContent';
import partStyles from '../planParts.module.css';
import wizardStyles from './wizard.module.css';
import { LoadError } from '../../../components/LoadError';

const COMPANIES_PATH = '/campaigns/companies';
const SHOWN = ['directMailType', 'fullName', 'address', 'website', 'name', 'phone', 'email'] as const;

export function CompanyStep({ form, errors, shown, onChange }: StepProps) {
  const { t } = useTranslation();
  const companies = useCompanies();
  const error = errors.company && shown('company') ? t('campaign.company.required') : undefined;
  const chosen = companies.list.find((c) => c.id === form.message.companyId) as (Record<string, string> & { id: string }) | undefined;

  return (
    <section className={`card ${wizardStyles.wizardSection}`} aria-labelledby="company-title">
      <h3 id="company-title" className="card-title">
        {t('campaign.company.title')}
      </h3>
      <p className="muted">{t('campaign.company.intro')}</p>
      {companies.error ? (
        <LoadError text={t('campaign.company.loadError')} onRetry={() => void companies.mutate()} />
      ) : companies.data && companies.list.length === 0 ? (
        <div className="notice notice-info" role="status">
          <span>{t('campaign.company.none')}</span> <Link to={COMPANIES_PATH}>{t('campaign.company.create')}</Link>
        </div>
      ) : (
        <div className={`field ${wizardStyles.segmentField}`}>
          <label htmlFor="plan-company">{t('campaign.company.label')}</label>
          <Select
            inputId="plan-company"
            label={t('campaign.company.label')}
            labelled
            value={form.message.companyId}
            options={companies.list.map((c) => ({ value: c.id, label: c.company }))}
            placeholder={companies.isLoading ? t('campaign.loading') : t('campaign.company.choose')}
            invalid={Boolean(error)}
            onChange={(e) => onChange({ ...form, message: { ...form.message, companyId: (e.value as string) ?? null } }, 'company')}
          />
          <FieldError id="plan-company-error" text={error} />
        </div>
      )}
      {chosen && (
        <dl className={partStyles.summaryList} data-testid="company-details">
          {SHOWN.map((field) => (
            <div key={field} className={`${partStyles.summaryRow} summary-row`}>
              <dt>{t(`entity.company.${field}`)}</dt>
              <dd>{field === 'directMailType' ? t(`entity.company.option.directMailType.${chosen[field]}`) : chosen[field]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
