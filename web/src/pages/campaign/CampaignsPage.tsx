/**
 * Messages and campaigns (/campaigns): the seven filters of spec 001 section 4 as tabs, search by name, a channel
 * filter, paging and sorting kept in the address while moving around, the state of each message, and the actions
 * its state and the caller's role allow now, each behind a confirmation.
 */
import { Button } from 'primereact/button';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { CHANNELS } from '../../../../shared/delivery';
import { planEntity } from '../../../../shared/entities/plan';
import { MESSAGE_TYPES } from '../../../../shared/plan/plan';
import { useDateTime } from '../../app/locale';
import type { PlanState } from '../../../../shared/plan/stateMachine';
import { PLAN_FILTERS, type PlanFilter, type PlanListItem } from '../../../../shared/services/plan';
import { useSession } from '../../api/hooks';
import { EntityList } from '../../components/list/EntityList';
import { useEntityList } from '../../components/list/useEntityList';
import { CAMPAIGN_LIST_KEY, detailPath, WIZARD_PATH } from './paths';
import { PlanStatusTag } from './PlanStatusTag';
import { usePlanClassifications } from './classifications';
import { TriggerSummary } from './TriggerSummary';
import { PlanActionButtons, usePlanActions } from './usePlanActions';
import '../../i18n/areas/campaign';
import styles from './CampaignsPage.module.css';
import linkStyles from '../../components/links.module.css';
import { Page } from '../../components/Page';

const FILTERS = Object.keys(PLAN_FILTERS) as PlanFilter[];
const INITIAL_FILTERS: { filter: PlanFilter; name?: string; channel?: string; messageType?: string; tagId?: string; categoryId?: string; groupId?: string } = { filter: 'ALL' };

const COLUMNS = [
  planEntity.listColumns[0],
  { field: 'title', label: 'campaign.field.title', sortable: true },
  planEntity.listColumns[1],
  planEntity.listColumns[2],
  { field: 'messageType', label: 'campaign.settingsTab.messageType' },
  { field: 'trigger', label: 'campaign.field.trigger' },
  planEntity.listColumns[3],
];
const PHONE_COLUMNS = ['name', 'channel', 'status'];

export default function CampaignsPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const navigate = useNavigate();
  const session = useSession();
  const mayCreate = session?.userdetails.rolePermissions.includes('PLAN_CREATE') ?? false;
  const list = useEntityList('plan.getCateByPage', { filters: INITIAL_FILTERS, size: 10, persistKey: CAMPAIGN_LIST_KEY });
  const { elements, run, duplicate } = usePlanActions();
  const { tags, categories, groups } = usePlanClassifications();
  const current = (list.filters.filter as PlanFilter) in PLAN_FILTERS ? (list.filters.filter as PlanFilter) : 'ALL';

  const choose = (filter: PlanFilter) => list.setFilters({ ...list.filters, filter } as typeof INITIAL_FILTERS);
  function onTabKey(e: KeyboardEvent, index: number) {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? FILTERS.length - 1 : step ? (index + step + FILTERS.length) % FILTERS.length : -1;
    if (to < 0) return;
    e.preventDefault();
    choose(FILTERS[to]);
    document.getElementById(`campaign-tab-${FILTERS[to]}`)?.focus();
  }

  return (
    <Page
      title={t('page.campaigns')}
      intro={t('campaign.intro')}
      actions={mayCreate && <Button type="button" icon="pi pi-plus" label={t('campaign.newSingle')} onClick={() => void navigate(WIZARD_PATH)} />}
    >
      <div className="card">
        <div className={styles.filterTabs} role="tablist" aria-label={t('campaign.filters')}>
          {FILTERS.map((f, i) => (
            <button
              key={f}
              id={`campaign-tab-${f}`}
              type="button"
              role="tab"
              aria-selected={f === current}
              aria-controls="campaign-tabpanel"
              tabIndex={f === current ? 0 : -1}
              className={`${styles.filterTab}${f === current ? ` ${styles.active}` : ''}`}
              onClick={() => choose(f)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {t(`campaign.filter.${f}`)}
            </button>
          ))}
        </div>
        <div id="campaign-tabpanel" role="tabpanel" aria-labelledby={`campaign-tab-${current}`}>
          <EntityList
            testId="campaign-list"
            list={list}
            columns={COLUMNS}
            phoneColumns={PHONE_COLUMNS}
            filters={[
              { name: 'name', type: 'text', label: t('campaign.search') },
              { name: 'channel', type: 'select', label: t('plan.channel'), options: CHANNELS.map((c) => ({ value: c, label: t(`campaign.channel.${c}`) })) },
              {
                name: 'messageType',
                type: 'select',
                label: t('campaign.settingsTab.messageType'),
                options: Object.values(MESSAGE_TYPES).map((m) => ({ value: String(m), label: t(`campaign.settingsTab.messageTypes.${m}`) })),
              },
              // a role that may not read tags, categories or groups gets no such filter
              ...(tags.length ? [{ name: 'tagId', type: 'select' as const, label: t('campaign.baseInfo.tags'), options: tags }] : []),
              ...(categories.length ? [{ name: 'categoryId', type: 'select' as const, label: t('campaign.baseInfo.category'), options: categories }] : []),
              ...(groups.length ? [{ name: 'groupId', type: 'select' as const, label: t('campaign.baseInfo.group'), options: groups }] : []),
            ]}
            cells={{
              name: (row) => (
                <Link className={linkStyles.cellLink} to={detailPath(String(row.id))}>
                  {String(row.name)}
                </Link>
              ),
              channel: (row) => t(`campaign.channel.${String(row.channel)}`),
              messageType: (row) => t(`campaign.settingsTab.messageTypes.${String(row.messageType ?? 1)}`),
              // a finished run that reached nobody is not shown as delivered (issue 21), as on the detail page
              status: (row) => <PlanStatusTag status={row.status as PlanState} nothingSent={(row as unknown as PlanListItem).nothingSent} />,
              trigger: (row) => <TriggerSummary trigger={(row as unknown as PlanListItem).trigger} />,
              dateUpdated: (row) => dateTime(row.dateUpdated as number),
            }}
            emptyText={t(current === 'ALL' ? 'campaign.empty' : 'campaign.emptyFilter')}
            actions={(row) => <PlanActionButtons plan={row as unknown as PlanListItem} run={run} compact onDuplicate={mayCreate ? duplicate : undefined} />}
          />
        </div>
      </div>
      {elements}
    </Page>
  );
}
