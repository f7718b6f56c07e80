/** Segments (/library/segment): the list with each rule in words; new and edit open the editor. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListColumn } from '../../../../shared/entities/entity';
import type { SegmentView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { ListPage } from '../../components/list/ListPage';
import { useEntityList } from '../../components/list/useEntityList';
import { editorPath } from './paths';
import { ruleText } from './ruleText';
import '../../i18n/areas/audience';
import styles from './segment.module.css';

const INITIAL_FILTERS: { name?: string } = {};
const COLUMNS: ListColumn[] = [
  { field: 'name', label: 'segment.name', sortable: true, filter: 'text' },
  { field: 'rule', label: 'segment.rule' },
  { field: 'description', label: 'segment.description' },
  { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
];

export default function SegmentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useEntityList('segment.getListByPage', { filters: INITIAL_FILTERS, size: 10 });

  return (
    <ListPage
      title={t('page.segments')}
      texts="segment"
      list={list}
      columns={COLUMNS}
      filters={[{ name: 'name', type: 'text', label: t('segment.name') }]}
      cells={{ rule: (row) => <span className={styles.ruleSummary}>{ruleText((row as unknown as SegmentView).rule, t)}</span> }}
      addLabel={t('segment.add')}
      onAdd={() => void navigate(editorPath())}
      nameOf={(row) => String(row.name)}
      onEdit={(row) => void navigate(editorPath(String(row.id)))}
      onDelete={(row) => {
        const s = row as unknown as SegmentView;
        return { vars: { name: s.name }, run: () => call('segment.delete', { id: s.id }), after: () => void invalidate('segment.getAll') };
      }}
    />
  );
}
