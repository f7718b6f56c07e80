/** The organization's models: the registry's generic list and form, and each model's runs from its row. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import EntityPage from '../generic/EntityPage';
import { modelHistoryPath } from './paths';
import '../../i18n/areas/model';
import { RowAction } from '../../components/list/RowAction';

export default function ModelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EntityPage
      entity="model"
      rowActions={(row) => (
        <RowAction icon="pi pi-history" label={t('modelRuns.history', { name: String(row.name ?? '') })} onClick={() => navigate(modelHistoryPath(String(row.id)))} />
      )}
    />
  );
}
