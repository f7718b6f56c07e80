/**
 * A template's languages and their translation status (default, translated, outdated, missing), beside the
 * organization's languages; a copy can be made with the missing ones added, each starting as the default
 * language's content for translators to replace.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime, useDisplayTimeZone } from '../../app/locale';
import type { TemplateMessageListItem } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useSave } from '../../components/useSave';
import { useCloseOnNavigation } from '../../ui/dialogBus';
import dialogStyles from '../../components/FormDialog.module.css';
import { ColumnHeads } from '../../components/list/ColumnHeads';

const SEVERITY = { DEFAULT: 'info', TRANSLATED: 'success', OUTDATED: 'warning', MISSING: 'secondary' } as const;

export function LanguagesDialog({ template, onHide, onCopied }: { template: TemplateMessageListItem | null; onHide: () => void; onCopied: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const { data, error, isLoading } = useCall(template ? keys.templateLanguages(template.id) : null, { revalidateOnFocus: false });
  const [adding, setAdding] = useState<string[]>([]);
  const { busy, save } = useSave();
  useCloseOnNavigation(template !== null, onHide);
  // biome-ignore lint/correctness/useExhaustiveDependencies(template): another template starts with no language chosen
  useEffect(() => setAdding([]), [template]);

  const missing = (data?.languages ?? []).filter((l) => l.status === 'MISSING');

  async function copyWithLanguages() {
    if (!template || adding.length === 0) return;
    const ok = await save(
      () => call('templateMessage.duplicateWithTranslation', { id: template.id, languages: adding }),
      t('template.translations.copied', { name: template.name }),
    );
    if (ok) {
      onCopied();
      onHide();
    }
  }

  return (
    <Dialog
      id="template-languages"
      header={template ? t('template.translations.title', { name: template.name }) : ''}
      visible={template !== null}
      onHide={onHide}
      className={dialogStyles.formDialog}
      breakpoints={{ '640px': '100vw' }}
      modal
      draggable={false}
      footer={
        <div className={dialogStyles.dialogFooter}>
          <Button type="button" label={t('common.close')} outlined onClick={onHide} />
          {missing.length > 0 && (
            <Button
              type="button"
              icon="pi pi-copy"
              label={t('template.translations.copy', { count: adding.length })}
              disabled={adding.length === 0}
              loading={busy}
              onClick={() => void copyWithLanguages()}
            />
          )}
        </div>
      }
    >
      {isLoading && (
        <>
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          <span className="sr-only">{t('template.translations.loading')}</span>
        </>
      )}
      {error && <p>{t('template.translations.loadFailed')}</p>}
      {data && (
        <>
          <p className="muted">{t('template.translations.intro')}</p>
          <table className="plain-table" data-testid="template-language-list">
            <ColumnHeads labels={[t('template.translations.language'), t('template.translations.status'), t('template.translations.updated', { zone })]} />
            <tbody>
              {data.languages.map((l) => (
                <tr key={l.code}>
                  <td>
                    {l.status === 'MISSING' ? (
                      <span className="checkbox-row">
                        <Checkbox
                          inputId={`add-language-${l.code}`}
                          checked={adding.includes(l.code)}
                          onChange={(e) => setAdding(e.checked ? [...adding, l.code] : adding.filter((c) => c !== l.code))}
                        />
                        <label htmlFor={`add-language-${l.code}`}>
                          {l.name} ({l.code})
                        </label>
                      </span>
                    ) : (
                      `${l.name} (${l.code})`
                    )}
                  </td>
                  <td>
                    <Tag value={t(`template.translations.states.${l.status}`)} severity={SEVERITY[l.status]} rounded />
                  </td>
                  <td>{l.dateUpdated ? dateTime(l.dateUpdated) : '--'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {missing.length > 0 && <p className="muted small">{t('template.translations.copyHint')}</p>}
        </>
      )}
    </Dialog>
  );
}
