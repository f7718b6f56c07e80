/** Segments (/library/segment): the list with each rule in words; new and edit open the editor. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ListColumn } from '../../../../shared/entities/entity';
import type { SegmentView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { EntityList } from '../../components/list/EntityList';
import { useConfirmedDelete } from '../../components/list/useConfirmedDelete';
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
  const [confirmElement, confirmDelete] = useConfirmedDelete(list);

  function remove(s: SegmentView) {
    return confirmDelete({
      header: t('segment.deleteTitle'),
      message: t('segment.deleteConfirm', { name: s.name }),
      run: () => call('segment.delete', { id: s.id }),
      done: t('segment.deleted', { name: s.name }),
      after: () => void invalidate('segment.getAll'),
    });
  }

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>{t('page.segments')}</h1>
          <p className="muted">{t('segment.intro')}</p>
        </div>
      </header>
      <div className="card">
        <EntityList
          testId="segment-list"
          list={list}
          columns={COLUMNS}
          initialFilters={INITIAL_FILTERS}
          filters={[{ name: 'name', type: 'text', label: t('segment.name') }]}
          cells={{ rule: (row) => <span className={styles.ruleSummary}>{ruleText((row as unknown as SegmentView).rule, t)}</span> }}
          emptyText={t('segment.empty')}
          toolbar={<Button type="button" icon="pi pi-plus" label={t('segment.add')} onClick={() => void navigate(editorPath())} />}
          actions={(row) => {
            const s = row as unknown as SegmentView;
            return (
              <div className="row-actions">
                <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('common.editItem', { name: s.name })} onClick={() => void navigate(editorPath(s.id))} />
                <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t('common.deleteItem', { name: s.name })} onClick={() => void remove(s)} />
              </div>
            );
          }}
        />
      </div>
      {confirmElement}
    </section>
  );
}
