/**
 * The segment editor (/library/segment/create-segment, `?id=` for a saved one): name, description, the rule and
 * the static lists (account ids always in, never in), with the number of members counted as they change.
 */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CATALOGUE } from '../../../../shared/errors';
import { formatCount, formatDateTime } from '../../../../shared/format';
import { STATIC_LIST_MAX, STATIC_LIST_MESSAGES } from '../../../../shared/segment';
import type { SegmentView } from '../../../../shared/services';
import { isApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { schemaText } from '../../components/schemaErrors';
import { FieldError, TextField } from '../../components/TextField';
import { currentLang } from '../../i18n';
import { PageSpinner } from '../../components/PageSpinner';
import { showSuccess } from '../../ui/toastBus';
import { checkDraft, type DraftGroup, fromRule, newGroup } from './draft';
import { SEGMENTS_PATH } from './paths';
import { GroupEditor } from './RuleEditor';
import { useLiveSize } from './useLiveSize';
import '../../i18n/areas/audience';
// the rule editor's pickers use the generic screens' placeholder (crud.choose)
import '../../i18n/areas/entity';
import styles from './segment.module.css';
import statStyles from '../../components/stat.module.css';
import linkStyles from '../../components/links.module.css';
import { BackLink, Page } from '../../components/Page';

/** Account ids typed one per line (or separated by commas), each once. */
const idsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\n,]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Why a list cannot be saved, in the server's words. */
function listProblem(ids: string[]): string | undefined {
  // the server's sentences, in the portal's language
  if (ids.length > STATIC_LIST_MAX) return schemaText(STATIC_LIST_MESSAGES.tooMany);
  if (ids.some((id) => id.length > 64)) return schemaText(STATIC_LIST_MESSAGES.idTooLong);
  return undefined;
}

function SizePanel({ rule, lists }: { rule: Parameters<typeof useLiveSize>[0]; lists: Parameters<typeof useLiveSize>[1] }) {
  const { t } = useTranslation();
  const size = useLiveSize(rule, lists);
  const shown = size.state === 'done' ? size.size : size.state === 'counting' ? size.last : undefined;
  return (
    <aside className={`card ${styles.sizePanel}`} aria-labelledby="segment-size-title">
      <h2 className="card-title" id="segment-size-title">
        {t('segment.size')}
      </h2>
      <div aria-live="polite" data-testid="segment-size">
        {shown && (
          <p className={`${statStyles.statValue} stat-value`} data-count={shown.count}>
            {formatCount(shown.count)}
          </p>
        )}
        {shown && (
          <p className="muted">
            {shown.complete
              ? t('segment.sizeValue', { count: formatCount(shown.count), total: formatCount(shown.total) })
              : t('segment.sizePartial', { count: formatCount(shown.count), total: formatCount(shown.total) })}
          </p>
        )}
        {shown?.snapshot && (
          <p className="muted small" data-testid="segment-size-freshness">
            {t('segment.sizeFreshness', { time: formatDateTime(shown.snapshot.changedAt ?? shown.snapshot.builtAt), pending: formatCount(shown.snapshot.pending) })}
          </p>
        )}
        {size.state === 'counting' && <p className="muted small">{t('segment.sizeCounting')}</p>}
        {size.state === 'idle' && <p className="muted">{t('segment.sizeIncomplete')}</p>}
        {size.state === 'failed' && <p className="muted">{t('list.errorShort')}</p>}
      </div>
    </aside>
  );
}

export default function SegmentEditorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const [stored, setStored] = useState<SegmentView | null>(null);
  const [loading, setLoading] = useState(Boolean(id));
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [group, setGroup] = useState<DraftGroup>(() => newGroup());
  const [includeText, setIncludeText] = useState('');
  const [excludeText, setExcludeText] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [showProblems, setShowProblems] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!id) return;
    let live = true;
    call('segment.detail', { id })
      .then((s) => {
        if (!live) return;
        setStored(s);
        setName(s.name);
        setDescription(s.description);
        setGroup(fromRule(s.rule));
        setIncludeText((s.includeIds ?? []).join('\n'));
        setExcludeText((s.excludeIds ?? []).join('\n'));
      })
      .catch(() => live && void navigate(SEGMENTS_PATH))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [id, navigate]);

  const checked = useMemo(() => checkDraft(group), [group]);
  const rule = 'rule' in checked ? checked.rule : null;
  const problems = showProblems && 'problems' in checked ? checked.problems : new Map<string, string>();
  const includeIds = useMemo(() => idsOf(includeText), [includeText]);
  const excludeIds = useMemo(() => idsOf(excludeText), [excludeText]);
  const includeProblem = listProblem(includeIds);
  const excludeProblem = listProblem(excludeIds);
  const lists = useMemo(() => (listProblem(includeIds) || listProblem(excludeIds) ? undefined : { includeIds, excludeIds }), [includeIds, excludeIds]);

  async function save() {
    const missingName = name.trim() ? undefined : t('validation.inputRequired', { param: t('segment.name').toLowerCase() });
    setNameError(missingName);
    setShowProblems(true);
    if (missingName || !rule || !lists) return;
    setBusy(true);
    try {
      const saved = await call('segment.save', { ...(stored ? { id: stored.id, version: stored.version } : {}), name: name.trim(), description, rule, ...lists });
      await invalidate('segment.getListByPage', 'segment.getAll');
      // after the navigation, which clears the toasts of the page it leaves
      await navigate(SEGMENTS_PATH);
      showSuccess(t(stored ? 'segment.saved' : 'segment.created', { name: saved.name }));
    } catch (e) {
      if (isApiError(e) && e.code === '720001') setNameError(ERROR_CATALOGUE['720001'][currentLang()]);
    } finally {
      setBusy(false);
    }
  }

  if (loading) return <PageSpinner />;
  return (
    <Page
      title={stored ? t('segment.editTitle') : t('page.createSegment')}
      intro={t('segment.editorIntro')}
      back={<BackLink to={SEGMENTS_PATH} label={t('segment.back')} className={linkStyles.headerLink} />}
    >
      <div className={styles.segmentEditor}>
        <div>
          <div className="card form-grid">
            <TextField id="segment-name" label={`${t('segment.name')} *`} value={name} maxLength={100} error={nameError} onChange={setName} />
            <div className="field span-2">
              <label htmlFor="segment-description">{t('segment.description')}</label>
              <InputTextarea id="segment-description" value={description} maxLength={500} rows={2} autoResize onChange={(e) => setDescription(e.target.value)} />
            </div>
          </div>
          <div className="card">
            <h2 className="card-title">{t('segment.rule')}</h2>
            <GroupEditor node={group} label="" problems={problems} onChange={setGroup} />
          </div>
          <div className="card form-grid">
            <h2 className="card-title span-2">{t('segment.staticLists')}</h2>
            <p className="muted span-2">{t('segment.staticListsIntro')}</p>
            <div className="field">
              <label htmlFor="segment-include">{t('segment.includeIds', { count: includeIds.length })}</label>
              <InputTextarea
                id="segment-include"
                value={includeText}
                rows={4}
                spellCheck={false}
                invalid={Boolean(includeProblem)}
                aria-describedby="segment-include-error"
                onChange={(e) => setIncludeText(e.target.value)}
              />
              <FieldError id="segment-include-error" text={includeProblem} />
            </div>
            <div className="field">
              <label htmlFor="segment-exclude">{t('segment.excludeIds', { count: excludeIds.length })}</label>
              <InputTextarea
                id="segment-exclude"
                value={excludeText}
                rows={4}
                spellCheck={false}
                invalid={Boolean(excludeProblem)}
                aria-describedby="segment-exclude-error"
                onChange={(e) => setExcludeText(e.target.value)}
              />
              <FieldError id="segment-exclude-error" text={excludeProblem} />
            </div>
          </div>
          <div className="form-actions">
            <Button type="button" label={t('common.cancel')} outlined onClick={() => void navigate(SEGMENTS_PATH)} />
            <Button type="button" icon="pi pi-check" label={t('common.save')} loading={busy} onClick={() => void save()} />
          </div>
        </div>
        <SizePanel rule={lists ? rule : null} lists={lists} />
      </div>
    </Page>
  );
}
