/**
 * A saved template's translation sync (`junction.*`), beside its language tabs: the default language's texts go
 * to the translation system for the chosen tabs' languages, each language's state there is shown, and the
 * translations come back as those tabs. A refusal (700001: the same texts sent again) is the client's error
 * toast, in the reader's language. Shown to members whose role holds JUNCTION_*.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../../../shared/format';
import type { JunctionState } from '../../../../../shared/services';
import { call } from '../../../api/client';
import { useCall, useSession } from '../../../api/hooks';
import { useDateTime } from '../../../app/locale';
import { useSave } from '../../../components/useSave';
import styles from './TranslationSync.module.css';
import { ColumnHeads } from '../../../components/list/ColumnHeads';

const SEVERITY: Record<JunctionState, 'info' | 'success' | 'secondary'> = { IN_PROGRESS: 'secondary', READY: 'info', PULLED: 'success' };

export function TranslationSync({
  templateId,
  languages,
  defaultLanguage,
  dirty,
  onPulled,
}: {
  templateId: string;
  /** the template's languages, default first */
  languages: readonly string[];
  defaultLanguage: string;
  /** unsaved changes: what is sent and replaced is the saved template */
  dirty: boolean;
  onPulled: () => void;
}) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const session = useSession();
  const allowed = Boolean(session?.userdetails.rolePermissions.includes('JUNCTION_*'));
  const status = useCall(allowed ? ['junction.status', { templateId }] : null, { revalidateOnFocus: false });
  // languages left out of the next send; a tab added later is in it
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const { busy, save } = useSave();
  // a deployment with no translation system shows no panel (every action would answer 400012)
  if (!allowed || status.data?.configured === false) return null;

  const others = languages.filter((l) => l !== defaultLanguage);
  const chosen = others.filter((l) => !left.has(l));
  const job = status.data?.job;
  const ready = (job?.languages ?? []).filter((l) => l.state === 'READY');
  const names = (codes: readonly string[]) => codes.map((c) => languageName(c)).join(', ');

  async function send() {
    let sent: string[] = [];
    await save(
      async () => {
        sent = (await call('junction.push', { templateId, targetLanguages: chosen })).targetLanguages;
      },
      () => t('template.junction.sent', { languages: names(sent) }),
    );
    await status.mutate();
  }

  async function pull() {
    let pulled: string[] = [];
    const ok = await save(
      async () => {
        pulled = (await call('junction.sync', { templateId })).languages;
      },
      () => (pulled.length ? t('template.junction.pulled', { languages: names(pulled) }) : t('template.junction.pulledNone')),
    );
    await status.mutate();
    if (ok) onPulled();
  }

  return (
    <section className={styles.sync} aria-labelledby="translation-sync-title" data-testid="translation-sync">
      <h3 id="translation-sync-title">{t('template.junction.title')}</h3>
      <p className="muted small">{t('template.junction.intro')}</p>
      {dirty && (
        <p className="notice notice-warn" role="status">
          {t('template.junction.saveFirst')}
        </p>
      )}
      {others.length === 0 ? (
        <p className="muted">{t('template.junction.noTargets')}</p>
      ) : (
        <fieldset className={styles.targets}>
          <legend>{t('template.junction.targets')}</legend>
          {others.map((l) => (
            <span key={l} className="checkbox-row">
              <Checkbox
                inputId={`junction-target-${l}`}
                checked={!left.has(l)}
                onChange={(e) => {
                  const next = new Set(left);
                  if (e.checked) next.delete(l);
                  else next.add(l);
                  setLeft(next);
                }}
              />
              <label htmlFor={`junction-target-${l}`}>
                {languageName(l)} ({l})
              </label>
            </span>
          ))}
        </fieldset>
      )}
      <div className={styles.actions}>
        <Button type="button" icon="pi pi-send" outlined label={t('template.junction.send')} disabled={dirty || chosen.length === 0} loading={busy} onClick={() => void send()} />
        <Button type="button" icon="pi pi-download" outlined label={t('template.junction.pull')} disabled={dirty || ready.length === 0 || busy} onClick={() => void pull()} />
      </div>
      {status.isLoading && <p className="muted">{t('template.junction.loading')}</p>}
      {status.error && <p role="alert">{t('template.junction.loadFailed')}</p>}
      {status.data && !job && <p className="muted">{t('template.junction.notSent')}</p>}
      {job && (
        <>
          <p className="muted small">
            {t('template.junction.job', { at: dateTime(job.pushedAt), language: languageName(job.sourceLanguage) })}
            {job.syncedAt !== undefined && `, ${t('template.junction.lastPulled', { at: dateTime(job.syncedAt) })}`}
          </p>
          {job.changed && (
            <p className="notice notice-warn" role="status">
              {t('template.junction.changed')}
            </p>
          )}
          <table className="plain-table" data-testid="translation-states">
            <ColumnHeads labels={[t('template.junction.language'), t('template.junction.state')]} />
            <tbody>
              {job.languages.map((l) => (
                <tr key={l.language}>
                  <td>
                    {languageName(l.language)} ({l.language})
                  </td>
                  <td>
                    <Tag value={t(`template.junction.states.${l.state}`)} severity={SEVERITY[l.state]} rounded />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {(status.data?.presets.length ?? 0) > 0 && (
        <>
          <h4>{t('template.junction.presets')}</h4>
          <ul className="small" data-testid="translation-presets">
            {status.data!.presets.map((p) => (
              <li key={p.variable}>{t('template.junction.presetPath', { variable: p.variable, title: p.title, path: p.junctionPath || t('template.junction.noPath') })}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
