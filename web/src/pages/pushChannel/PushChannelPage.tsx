/**
 * The channel settings screen (/push-channel): each app's push channels, APNs (.p8 token key or .p12
 * certificate, sandbox or production) and FCM (service account JSON), one default per service; added, edited
 * and deleted (after a confirmation), with a test send to one account's devices. Credentials are chosen as
 * files and go to the server only: the screen never gets them back, it shows that they are set (and a
 * certificate's expiry). The organization's LINE channel is the section below.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushChannelView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { LineChannelSection } from '../lineChannel/LineChannelSection';
import { MessageProviderSection } from '../messageProvider/MessageProviderSection';
import '../../i18n/areas/pushChannel';

import { ChannelDialog } from './ChannelDialog';
import { LIST, APPS } from './pushChannelForm';
import { TestDialog } from './TestDialog';

export default function PushChannelPage() {
  const { t, i18n } = useTranslation();
  const { data, error, mutate } = useCall(LIST);
  const apps = useCall(APPS);
  const [editing, setEditing] = useState<PushChannelView | null | undefined>(undefined);
  const [testing, setTesting] = useState<PushChannelView | null>(null);
  const [confirmElement, ask] = useConfirm();
  const { save } = useSave();
  const appList = apps.data?.list ?? [];
  const date = (ms: number) => new Date(ms).toLocaleDateString(i18n.language);

  async function remove(c: PushChannelView) {
    const ok = await ask({ header: t('pushChannel.deleteTitle'), message: t('pushChannel.deleteConfirm', { name: c.title }), acceptLabel: t('common.delete'), danger: true });
    if (!ok) return;
    if (await save(() => call('pushChannelSetting.delete', { id: c.id, version: c.version }), t('pushChannel.deleted', { name: c.title }))) void mutate();
  }

  const credential = (c: PushChannelView) => {
    if (!c.credentialSet) return <Tag severity="danger" value={t('pushChannel.credentialMissing')} />;
    const kind =
      c.type === 'GCM' ? (c.projectId ?? 'FCM') : c.authMethod === 'KEY' ? t('pushChannel.keyIdLabel', { keyId: c.keyId, teamId: c.teamId }) : t('pushChannel.auth.CERTIFICATE');
    return (
      <span>
        {kind}
        {c.certificateExpiresAt ? <span className="muted"> · {t('pushChannel.expires', { date: date(c.certificateExpiresAt) })}</span> : null}
      </span>
    );
  };

  return (
    <div className="page" data-testid="push-channel-page">
      <div className="page-header">
        <h1>{t('page.pushChannel')}</h1>
        <Button type="button" icon="pi pi-plus" label={t('pushChannel.add')} onClick={() => setEditing(null)} />
      </div>
      <p className="muted">{t('pushChannel.text')}</p>
      {error && <p role="alert">{t('pushChannel.loadFailed')}</p>}
      <DataTable value={data?.list ?? []} dataKey="id" loading={!data && !error} emptyMessage={t('pushChannel.empty')} data-testid="push-channels">
        <Column field="title" header={t('pushChannel.col.title')} />
        <Column header={t('pushChannel.col.app')} body={(c: PushChannelView) => c.appName ?? c.appId} />
        <Column header={t('pushChannel.col.type')} body={(c: PushChannelView) => t(`pushChannel.type.${c.type}`)} />
        <Column header={t('pushChannel.col.credential')} body={credential} />
        <Column header={t('pushChannel.col.default')} body={(c: PushChannelView) => (c.isDefault ? <Tag value={t('pushChannel.yes')} /> : t('pushChannel.no'))} />
        <Column
          header={t('pushChannel.col.enabled')}
          body={(c: PushChannelView) => <Tag severity={c.enabled ? 'success' : 'secondary'} value={c.enabled ? t('pushChannel.yes') : t('pushChannel.no')} />}
        />
        <Column
          header={t('common.actions')}
          body={(c: PushChannelView) => (
            <>
              <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('common.editItem', { name: c.title })} onClick={() => setEditing(c)} />
              <Button type="button" icon="pi pi-send" text rounded aria-label={`${t('pushChannel.test')}: ${c.title}`} disabled={!c.enabled} onClick={() => setTesting(c)} />
              <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t('common.deleteItem', { name: c.title })} onClick={() => void remove(c)} />
            </>
          )}
        />
      </DataTable>
      {editing !== undefined && (
        <ChannelDialog
          key={editing?.id ?? 'new'}
          editing={editing}
          apps={appList}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void mutate();
          }}
        />
      )}
      {testing && <TestDialog channel={testing} onClose={() => setTesting(null)} />}
      {confirmElement}
      <MessageProviderSection />
      <LineChannelSection />
    </div>
  );
}
