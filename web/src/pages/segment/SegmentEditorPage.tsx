/**
 * The segment editor (/library/segment/create-segment, `?id=` for a saved one): name, description and the rule,
 * with the number of matching accounts counted as the rule changes.
 */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ERROR_CATALOGUE } from '../../../../shared/errors';
import { formatCount } from '../../../../shared/format';
import type { SegmentView } from '../../../../shared/services';
import { isApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { TextField } from '../../components/TextField';
import { currentLang } from '../../i18n';
import { PageSpinner } from '../../router/RootShell';
import { showSuccess } from '../../ui/toastBus';
import { checkDraft, type DraftGroup, fromRule, newGroup } from './draft';
import { SEGMENTS_PATH } from './paths';
import { GroupEditor } from './RuleEditor';
import { useLiveSize } from './useLiveSize';
import '../../i18n/areas/audience';
// the rule editor's pickers use the generic screens' placeholder (crud.choose)
import '../../i18n/areas/entity';
import '../../styles/audience.css';

function SizePanel({ rule }: { rule: Parameters<typeof useLiveSize>[0] }) {
  const { t } = useTranslation();
  const size = useLiveSize(rule);
  const shown = size.state === 'done' ? size.size : size.state === 'counting' ? size.last : undefined;
  return (
    <aside className="card segment-size" aria-labelledby="segment-size-title">
      <h2 className="card-title" id="segment-size-title">
        {t('segment.size')}
      </h2>
      <div aria-live="polite" data-testid="segment-size">
        {shown && (
          <p className="stat-value" data-count={shown.count}>
            {formatCount(shown.count)}
          </p>
        )}
        {shown && <p className="muted">{shown.complete ? t('segment.sizeValue', { count: formatCount(shown.count), total: formatCount(shown.total) }) : t('segment.sizePartial', { count: formatCount(shown.count), total: formatCount(shown.total) })}</p>}
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

  async function save() {
    const missingName = name.trim() ? undefined : t('validation.inputRequired', { param: t('segment.name').toLowerCase() });
    setNameError(missingName);
    setShowProblems(true);
    if (missingName || !rule) return;
    setBusy(true);
    try {
      const saved = await call('segment.save', { ...(stored ? { id: stored.id, version: stored.version } : {}), name: name.trim(), description, rule });
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
    <section className="page">
      <header className="page-header">
        <div>
          <Link to={SEGMENTS_PATH} className="page-link">
            <i className="pi pi-arrow-left" aria-hidden="true" />
            <span>{t('segment.back')}</span>
          </Link>
          <h1>{stored ? t('segment.editTitle') : t('page.createSegment')}</h1>
          <p className="muted">{t('segment.editorIntro')}</p>
        </div>
      </header>
      <div className="segment-editor">
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
          <div className="form-actions">
            <Button type="button" label={t('common.cancel')} outlined onClick={() => void navigate(SEGMENTS_PATH)} />
            <Button type="button" icon="pi pi-check" label={t('common.save')} loading={busy} onClick={() => void save()} />
          </div>
        </div>
        <SizePanel rule={rule} />
      </div>
    </section>
  );
}
