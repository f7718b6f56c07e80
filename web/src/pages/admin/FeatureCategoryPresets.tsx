/**
 * The system setting's feature category presets: named classifications (a plan category, group and tags) that a
 * message's author applies in one pick where a message is classified (ClassificationFields).
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { FEATURE_CATEGORY_PRESETS_MAX, type FeatureCategoryPreset } from '../../../../shared/entities/systemSetting';
import { Select } from '../../components/Select';
import { usePlanClassifications } from '../campaign/classifications';

export function FeatureCategoryPresets({ value, onChange }: { value: FeatureCategoryPreset[]; onChange: (next: FeatureCategoryPreset[]) => void }) {
  const { t } = useTranslation();
  const { tags, categories, groups } = usePlanClassifications();
  const set = (i: number, patch: Partial<FeatureCategoryPreset>) => onChange(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <fieldset className="span-2" data-testid="feature-category-presets">
      <legend>{t('systemSetting.presets.title')}</legend>
      <small className="muted">{t('systemSetting.presets.hint')}</small>
      {value.map((preset, i) => {
        const id = `system-preset-${i}`;
        const label = (key: string) => `${t(`systemSetting.presets.${key}`)} ${i + 1}`;
        return (
          // keyed by place: a preset is edited in place, and its name changes while it is typed
          <div key={i} className="form-grid">
            <div className="field">
              <label htmlFor={`${id}-name`}>{label('name')}</label>
              <InputText id={`${id}-name`} value={preset.name} maxLength={50} onChange={(e) => set(i, { name: e.target.value })} />
            </div>
            <div className="field">
              <label htmlFor={`${id}-category`}>{label('category')}</label>
              <Select
                inputId={`${id}-category`}
                label={label('category')}
                labelled
                value={preset.categoryId ?? null}
                options={categories}
                showClear
                onChange={(e) => set(i, { categoryId: (e.value as string | undefined) ?? undefined })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-group`}>{label('group')}</label>
              <Select
                inputId={`${id}-group`}
                label={label('group')}
                labelled
                value={preset.groupId ?? null}
                options={groups}
                showClear
                onChange={(e) => set(i, { groupId: (e.value as string | undefined) ?? undefined })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-tags`}>{label('tags')}</label>
              <MultiSelect
                inputId={`${id}-tags`}
                value={preset.tagIds}
                options={tags}
                display="chip"
                pt={{ headerCheckbox: { input: { 'aria-label': label('tags') } } }}
                onChange={(e) => set(i, { tagIds: e.value as string[] })}
              />
            </div>
            <div className="field span-2">
              <Button type="button" size="small" text severity="danger" icon="pi pi-trash" label={label('remove')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
            </div>
          </div>
        );
      })}
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-plus"
        label={t('systemSetting.presets.add')}
        disabled={value.length >= FEATURE_CATEGORY_PRESETS_MAX}
        onClick={() => onChange([...value, { name: '', tagIds: [] }])}
      />
    </fieldset>
  );
}
