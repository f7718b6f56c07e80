/**
 * The message's tracked links with their clicks (messageLink.getListByPage): the people who followed each one
 * and every redirect, sorted and filtered on the server; the latest sending's links nobody followed show 0.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { messageLinkEntity } from '../../../../../shared/entities/messageLink';
import { EntityList } from '../../../components/list/EntityList';
import { useEntityList } from '../../../components/list/useEntityList';

export function LinksTab({ planId }: { planId: string }) {
  const { t } = useTranslation();
  const initial = useMemo(() => ({ planId, url: '' }), [planId]);
  const list = useEntityList('messageLink.getListByPage', { filters: initial, size: 10, sortField: 'clicks', sortOrder: 'desc' });
  return (
    <div data-testid="message-links">
      <p className="muted small">{t('campaign.links.intro')}</p>
      <EntityList
        testId="message-link-list"
        list={list}
        columns={messageLinkEntity.listColumns}
        dataKey="place"
        filters={[{ name: 'url', type: 'text', label: t('campaign.links.search') }]}
        cells={{
          url: (row) => (
            <a href={String(row.url)} target="_blank" rel="noopener noreferrer" className="break-all">
              {String(row.url)}
            </a>
          ),
        }}
        emptyText={t('campaign.links.empty')}
      />
    </div>
  );
}
