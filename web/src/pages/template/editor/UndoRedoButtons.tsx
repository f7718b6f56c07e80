/** A builder's undo and redo buttons, each disabled while there is no step to take. */
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { History, HistoryAction } from '../history';
import styles from './UndoRedoButtons.module.css';
import '../../../i18n/areas/template';
import { RowAction } from '../../../components/list/RowAction';

export function UndoRedoButtons<D>({ history, dispatch }: { history: History<D>; dispatch: Dispatch<HistoryAction<D>> }) {
  const { t } = useTranslation();
  return (
    <>
      <RowAction icon="pi pi-undo" label={t('template.undo')} title={t('template.undo')} disabled={history.past.length === 0} onClick={() => dispatch({ type: 'undo' })} />
      <RowAction
        icon="pi pi-undo"
        label={t('template.redo')}
        className={styles.flip}
        title={t('template.redo')}
        disabled={history.future.length === 0}
        onClick={() => dispatch({ type: 'redo' })}
      />
    </>
  );
}
