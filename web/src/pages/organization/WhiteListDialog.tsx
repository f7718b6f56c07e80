/** The white list of the organization signed in to: typed or read from a text file, 60 KB at most. */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_LIST_MAX_BYTES } from '../../../../shared/entities/organization';
import { type OrganizationView, whiteListEntries } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate, useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { FormDialog } from '../../components/FormDialog';
import { FieldError } from '../../components/TextField';
import { useSave } from '../../components/useSave';

const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function WhiteListDialog({ org, onHide }: { org: OrganizationView; onHide: () => void }) {
  const { t } = useTranslation();
  const { data } = useCall(keys.list('organization.whiteList', { id: org.id }));
  const [content, setContent] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const file = useRef<HTMLInputElement>(null);
  const { busy, save } = useSave();

  useEffect(() => {
    if (data && content === null) setContent(data.entries.join('\n'));
  }, [data, content]);

  const text = content ?? '';
  const bytes = bytesOf(text);

  async function readFile(f: File | undefined) {
    if (!f) return;
    if (f.size > ORGANIZATION_LIST_MAX_BYTES) {
      setError(t('organization.whiteListTooLarge'));
      return;
    }
    setContent(await f.text());
    setError(undefined);
  }

  async function submit() {
    if (bytes > ORGANIZATION_LIST_MAX_BYTES) {
      setError(t('organization.whiteListTooLarge'));
      return;
    }
    const saved = await save(() => call('organization.saveWhiteList', { id: org.id, content: text }), t('organization.whiteListSaved'));
    if (!saved) return;
    void invalidate('organization.whiteList');
    onHide();
  }

  return (
    <FormDialog id="white-list-dialog" header={t('organization.whiteListTitle', { name: org.name })} visible onHide={onHide} onSubmit={submit} busy={busy} wide>
      <p className="span-2 muted">{t('organization.whiteListText')}</p>
      <div className="field span-2">
        <label htmlFor="white-list-content">{t('organization.whiteListField')}</label>
        <InputTextarea
          id="white-list-content"
          value={text}
          rows={10}
          invalid={Boolean(error)}
          aria-describedby="white-list-size"
          onChange={(e) => {
            setContent(e.target.value);
            setError(undefined);
          }}
        />
        <small id="white-list-size" className="muted" data-testid="white-list-size">
          {t('organization.whiteListSize', { count: whiteListEntries(text).length, size: kb(bytes) })}
        </small>
        <FieldError id="white-list-error" text={error} />
      </div>
      <div className="field span-2">
        <input
          ref={file}
          id="white-list-file"
          type="file"
          aria-label={t('organization.whiteListFile')}
          tabIndex={-1}
          accept=".txt,.csv,text/plain,text/csv"
          className="sr-only"
          onChange={(e) => void readFile(e.target.files?.[0])}
        />
        <Button type="button" icon="pi pi-upload" outlined label={t('organization.whiteListFile')} onClick={() => file.current?.click()} />
      </div>
    </FormDialog>
  );
}
