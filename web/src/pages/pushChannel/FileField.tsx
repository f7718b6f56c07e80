/** A credentials file chosen from disk, read into the push channel form. */
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

export function FileField({
  id,
  label,
  accept,
  chosen,
  set,
  error,
  onFile,
}: {
  id: string;
  label: string;
  accept: string;
  chosen: string;
  set: boolean;
  error?: string;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const messageId = `${id}-message`;
  return (
    <div className="field span-2">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={Boolean(error)}
        aria-describedby={messageId}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      <small id={messageId} className={error ? 'p-error' : 'muted'}>
        {error ?? (chosen ? t('pushChannel.fileChosen', { name: chosen }) : set ? t('pushChannel.credentialSet') : t('pushChannel.credentialMissing'))}
      </small>
    </div>
  );
}
