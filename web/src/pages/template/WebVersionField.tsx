/** The e-mail content's "View in browser" choice, in the template builder and the wizard's content step. */
import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';

export function WebVersionField({ id, checked, onChange }: { id: string; checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field-checkbox span-2">
      <Checkbox inputId={id} checked={checked} onChange={(e) => onChange(!!e.checked)} aria-describedby={`${id}-hint`} />
      <label htmlFor={id}>{t('template.webVersion')}</label>
      <small id={`${id}-hint`} className="muted">
        {t('template.webVersionHint')}
      </small>
    </div>
  );
}
