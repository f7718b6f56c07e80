/**
 * The state every template editor shares, the email builder's and the channel editors': the draft with undo and
 * redo, what was last loaded or saved, loading a template named in the address (or opening it in its own
 * channel's editor), the language shown, which fields were touched, the leave guard, removing a language and the
 * save with the version read. Each editor brings its draft's functions and its own checks.
 */
import { type Dispatch, type ReactNode, useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Channel } from '../../../../../shared/delivery';
import type { TemplateMessageSavePayload, TemplateMessageView } from '../../../../../shared/services/templateMessage';
import { ApiError } from '../../../api/apiError';
import { call } from '../../../api/client';
import { handleApiError } from '../../../api/errorHandler';
import { invalidate } from '../../../api/hooks';
import { useConfirm } from '../../../components/useConfirm';
import { useLeaveGuard } from '../../../components/useLeaveGuard';
import { showError, showSuccess } from '../../../ui/toastBus';
import type { History, HistoryAction } from '../history';
import { builderPath } from '../paths';
import { useDraftHistory } from './useDraftHistory';

export interface EditorDraft {
  name: string;
  defaultLanguage: string;
  contents: Record<string, unknown>;
}
export type SavedTemplate = { id: string; version: number; name: string };

export interface TemplateEditorOptions<D extends EditorDraft> {
  /** the address's template, or null for a new one */
  id: string | null;
  channel: Channel;
  blank: () => D;
  fromView: (view: TemplateMessageView) => D;
  toPayload: (draft: D, saved?: SavedTemplate) => TemplateMessageSavePayload;
  withoutLanguage: (draft: D, code: string) => D;
  /** after a new draft starts or another language is shown (the email builder drops its selected block) */
  onLanguageChange?: () => void;
}

export interface TemplateEditor<D extends EditorDraft> {
  draft: D;
  history: History<D>;
  dispatch: Dispatch<HistoryAction<D>>;
  dirty: boolean;
  saved: SavedTemplate | null;
  loading: 'no' | 'yes' | 'failed';
  reload: () => void;
  /** the language shown (the default one when the chosen one is gone) */
  current: string;
  showLanguage: (code: string) => void;
  /** one edit; `key` names what changed, so typing in one field makes one undo step; `touch` shows that field's message */
  edit: (next: D, key?: string, touch?: string) => void;
  /** whether a field's message shows: once touched, or after a refused save */
  visible: (path: string) => boolean;
  nameTaken: string;
  clearNameTaken: () => void;
  busy: boolean;
  /** saves when `errorCount` is 0; otherwise shows every message and calls `reveal` */
  save: (errorCount: number, reveal: () => void) => Promise<void>;
  removeLanguage: (code: string) => Promise<void>;
  confirmElement: ReactNode;
}

export function useTemplateEditor<D extends EditorDraft>({
  id,
  channel,
  blank,
  fromView,
  toPayload,
  withoutLanguage,
  onLanguageChange,
}: TemplateEditorOptions<D>): TemplateEditor<D> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmElement, ask] = useConfirm();
  const { history, dispatch, edit: record } = useDraftHistory(blank);
  const draft = history.present;
  /** the draft as last loaded or saved: anything else is unsaved */
  const [clean, setClean] = useState<D>(history.present);
  const [saved, setSaved] = useState<SavedTemplate | null>(null);
  const [loading, setLoading] = useState<'no' | 'yes' | 'failed'>(id ? 'yes' : 'no');
  const [language, setLanguage] = useState(draft.defaultLanguage);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [nameTaken, setNameTaken] = useState('');
  const [busy, setBusy] = useState(false);
  const languageChanged = useEffectEvent(() => onLanguageChange?.());

  const start = useCallback(
    (next: D, savedAs: SavedTemplate | null) => {
      dispatch({ type: 'reset', value: next });
      setClean(next);
      setSaved(savedAs);
      setLanguage(next.defaultLanguage);
      languageChanged();
      setTouched(new Set());
      setShowAll(false);
      setNameTaken('');
    },
    [dispatch],
  );

  // the draft's functions are the editor's own and do not change: loading runs on the address only
  const fromViewOf = useEffectEvent(fromView);
  const load = useCallback(
    async (templateId: string) => {
      setLoading('yes');
      try {
        const view = await call('templateMessage.detail', { id: templateId });
        if (view.channel !== channel) {
          // the address named another channel: open the template in its own editor
          await navigate(builderPath(view.id, view.channel), { replace: true });
          return;
        }
        start(fromViewOf(view), { id: view.id, version: view.version, name: view.name });
        setLoading('no');
      } catch {
        setLoading('failed');
      }
    },
    [start, channel, navigate],
  );

  // reads the latest `saved` without running again when it changes
  const followAddress = useEffectEvent((address: string | null, loadTemplate: typeof load, startDraft: typeof start) => {
    if (address && address !== saved?.id) void loadTemplate(address);
    else if (!address && saved) startDraft(blank(), null);
  });
  // `saved` changes with every save; only a different template in the address loads
  useEffect(() => followAddress(id, load, start), [id, load, start]);

  useLeaveGuard(draft !== clean, ask, { header: t('template.leaveTitle'), message: t('template.leaveConfirm'), accept: t('template.leave') });

  function edit(next: D, key?: string, touch?: string) {
    record(next, key);
    if (touch && !touched.has(touch)) setTouched(new Set(touched).add(touch));
  }

  function showLanguage(code: string) {
    setLanguage(code);
    onLanguageChange?.();
  }

  async function removeLanguage(code: string) {
    if (
      !(await ask({ header: t('template.removeLanguageTitle'), message: t('template.removeLanguageConfirm', { language: code }), acceptLabel: t('common.delete'), danger: true }))
    )
      return;
    edit(withoutLanguage(draft, code));
    setLanguage(draft.defaultLanguage);
  }

  async function save(errorCount: number, reveal: () => void) {
    if (errorCount > 0) {
      setShowAll(true);
      reveal();
      showError(`${t('template.invalid')} ${t('template.invalidCount', { count: errorCount })}`);
      return;
    }
    setBusy(true);
    try {
      const view = await call('templateMessage.save', toPayload(draft, saved ?? undefined), { quiet: true });
      setClean(draft);
      setSaved({ id: view.id, version: view.version, name: view.name });
      void invalidate('templateMessage.getListByPage', 'templateMessage.getAll');
      if (!id) await navigate(builderPath(view.id, channel), { replace: true });
      showSuccess(t(saved ? 'template.saved' : 'template.created', { name: view.name }));
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError('400000');
      if (error.code === '720001') {
        setNameTaken(t('template.taken'));
        setShowAll(true);
      } else handleApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return {
    draft,
    history,
    dispatch,
    dirty: draft !== clean,
    saved,
    loading,
    reload: () => {
      if (id) void load(id);
    },
    current: draft.contents[language] ? language : draft.defaultLanguage,
    showLanguage,
    edit,
    visible: (path) => showAll || touched.has(path),
    nameTaken,
    clearNameTaken: () => setNameTaken(''),
    busy,
    save,
    removeLanguage,
    confirmElement,
  };
}
