/** A message's tags, category and group: chosen in the wizard and in the base-info dialog alike. */
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/Select';
import { usePlanClassifications } from './classifications';

export interface Classification {
  tagIds: string[];
  categoryId: string | null;
  groupId: string | null;
}

export function ClassificationFields({ idPrefix, value, onChange }: { idPrefix: string; value: Classification; onChange: (next: Classification) => void }) {
  const { t } = useTranslation();
  const { tags, categories, groups } = usePlanClassifications();
  const tagsLabel = t('campaign.baseInfo.tags');
  const single = (field: 'categoryId' | 'groupId', label: string, options: typeof categories) => (
    <div className="field">
      <label htmlFor={`${idPrefix}-${field}`}>{label}</label>
      <Select
        inputId={`${idPrefix}-${field}`}
        label={label}
        labelled
        value={value[field]}
        options={options}
        showClear
        placeholder={t('campaign.baseInfo.choose')}
        emptyMessage={t('campaign.baseInfo.noOptions')}
        onChange={(e) => onChange({ ...value, [field]: (e.value as string | undefined) ?? null })}
      />
    </div>
  );
  return (
    <>
      <div className="field span-2">
        <label htmlFor={`${idPrefix}-tags`}>{tagsLabel}</label>
        <MultiSelect
          inputId={`${idPrefix}-tags`}
          value={value.tagIds}
          options={tags}
          display="chip"
          filter
          placeholder={t('campaign.baseInfo.choose')}
          emptyMessage={t('campaign.baseInfo.noOptions')}
          pt={{ headerCheckbox: { input: { 'aria-label': tagsLabel } }, filterInput: { 'aria-label': tagsLabel } }}
          onChange={(e) => onChange({ ...value, tagIds: e.value as string[] })}
        />
      </div>
      {single('categoryId', t('campaign.baseInfo.category'), categories)}
      {single('groupId', t('campaign.baseInfo.group'), groups)}
    </>
  );
}
