/**
 * Presets (/library/preset): the registry's generic list and form (name, category, channel, template flag), with
 * the builder for a preset's content and parameters, and "new preset from template" on preset templates.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import EntityPage from '../generic/EntityPage';
import { builderPath, fromTemplatePath } from './paths';
import '../../i18n/areas/presets';
import { RowAction } from '../../components/list/RowAction';

export default function PresetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EntityPage
      entity="preset"
      rowActions={(row) => {
        const name = String(row.name ?? '');
        return (
          <>
            {row.isTemplate === true && (
              <RowAction icon="pi pi-copy" label={t('entity.preset.fromTemplateItem', { name })} onClick={() => navigate(fromTemplatePath(String(row.id)))} />
            )}
            <RowAction icon="pi pi-objects-column" label={t('entity.preset.builderItem', { name })} onClick={() => navigate(builderPath(String(row.id)))} />
          </>
        );
      }}
    />
  );
}
