/** A confirmation question as a promise: `if (await ask({...})) ...`, closed by the guard on navigation. */
import { ConfirmDialog } from 'primereact/confirmdialog';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseOnNavigation } from '../ui/dialogBus';

interface Question {
  header: string;
  message: ReactNode;
  acceptLabel?: string;
  danger?: boolean;
}

export function useConfirm(): [ReactNode, (q: Question) => Promise<boolean>] {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setQuestion(null);
  }, []);
  const close = useCallback(() => settle(false), [settle]);
  useCloseOnNavigation(question !== null, close);

  const ask = useCallback((q: Question) => {
    resolver.current?.(false);
    setQuestion(q);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const element = (
    <ConfirmDialog
      visible={question !== null}
      header={question?.header}
      message={question?.message}
      icon={question?.danger ? 'pi pi-exclamation-triangle' : 'pi pi-question-circle'}
      acceptLabel={question?.acceptLabel ?? t('common.confirm')}
      rejectLabel={t('common.cancel')}
      acceptClassName={question?.danger ? 'p-button-danger' : undefined}
      // a destructive question starts on Cancel: Enter alone never deletes or stops anything
      defaultFocus={question?.danger ? 'reject' : 'accept'}
      accept={() => settle(true)}
      reject={() => settle(false)}
      onHide={() => settle(false)}
      className="app-confirm"
    />
  );
  return [element, ask];
}
