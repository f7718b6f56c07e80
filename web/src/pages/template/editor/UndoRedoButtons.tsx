/** A builder's undo and redo buttons, each disabled while there is no step to take. */
import { Button } from 'primereact/button';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { History, HistoryAction } from '../history';
import styles from './UndoRedoButtons.module.css';
import '../../../i18n/areas/template';

export function UndoRedoButtons<D>({ history, dispatch }: { history: History<D>; dispatch: Dispatch<HistoryAction<D>> }) {
  const { t } = useTranslation();
  return (
    <>
      <Button
        type="button"
        icon="pi pi-undo"
        text
        rounded
        aria-label={t('template.undo')}
        title={t('template.undo')}
        disabled={history.past.length === 0}
        onClick={() => dispatch({ type: 'undo' })}
      />
      <Button
        type="button"
        icon="pi pi-undo"
        text
        rounded
        className={styles.flip}
        aria-label={t('template.redo')}
        title={t('template.redo')}
        disabled={history.future.length === 0}
        onClick={() => dispatch({ type: 'redo' })}
      />
    </>
  );
}
