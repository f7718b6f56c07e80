/** A message's tags, category and group: chosen in the wizard and in the base-info dialog alike. */
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import type { FeatureCategoryPreset } from '../../../../shared/entities/systemSetting';
import { useConfiguration } from '../../api/hooks';
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
  // the system setting's feature category presets: a whole classification in one pick (docs/settings.md)
  const presets = (useConfiguration().data?.systemSetting.featureCategoryPresets ?? []) as FeatureCategoryPreset[];
  const presetLabel = t('campaign.baseInfo.preset');
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
      {presets.length > 0 && (
        <div className="field span-2">
          <label htmlFor={`${idPrefix}-preset`}>{presetLabel}</label>
          <Select
            inputId={`${idPrefix}-preset`}
            label={presetLabel}
            labelled
            value={null}
            options={presets.map((p, i) => ({ value: String(i), label: p.name }))}
            placeholder={t('campaign.baseInfo.choose')}
            onChange={(e) => {
              const p = presets[Number(e.value)];
              // a category, group or tag deleted since the preset was saved is left out
              const known = (options: typeof tags, id?: string) => (id && options.some((o) => o.value === id) ? id : null);
              if (p) onChange({ tagIds: p.tagIds.filter((id) => known(tags, id)), categoryId: known(categories, p.categoryId), groupId: known(groups, p.groupId) });
            }}
          />
        </div>
      )}
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
