/** A dialog holding a form, with Save and Cancel; closed by the guard on navigation. */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseOnNavigation } from '../ui/dialogBus';
import styles from './FormDialog.module.css';

export function FormDialog({
  id,
  header,
  visible,
  onHide,
  onSubmit,
  busy,
  submitLabel,
  children,
  wide,
}: {
  id: string;
  header: string;
  visible: boolean;
  onHide: () => void;
  onSubmit: () => void | Promise<void>;
  busy?: boolean;
  submitLabel?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  useCloseOnNavigation(visible, onHide);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <Dialog
      id={id}
      header={header}
      visible={visible}
      onHide={onHide}
      className={`${styles.formDialog}${wide ? ` ${styles.wide}` : ''}`}
      breakpoints={{ '1023px': '90vw', '640px': '100vw' }}
      modal
      draggable={false}
      footer={
        <div className={styles.dialogFooter}>
          <Button type="button" label={t('common.cancel')} outlined onClick={onHide} disabled={busy} />
          <Button type="submit" form={`${id}-form`} label={submitLabel ?? t('common.save')} icon="pi pi-check" loading={busy} />
        </div>
      }
    >
      <form id={`${id}-form`} className="form-grid" onSubmit={submit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
