/**
 * Requested reports (/requested and its tabs): a report is asked for here, made by a job whose progress the list
 * shows (polled while one is made), then downloaded or deleted. Requested plan reports and summaries are Word
 * files; survey answers and custom columns are CSV. Each tab shows only with its permission.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { CUSTOM_REPORT_COLUMNS, type RequestedReportKind } from '../../../../shared/entities/requestedReport';
import { localDateOf } from '../../../../shared/plan/zonedTime';
import { PLAN_REPORT_LIMITS, REQUESTED_REPORT_PERMISSION } from '../../../../shared/services/report';
import { call } from '../../api/client';
import { downloadUrl } from '../../api/fileTransfer';
import { invalidate, useCall, useSession } from '../../api/hooks';
import { showSuccess } from '../../ui/toastBus';
import { useDateTime, useOrgTimeZone } from '../../app/locale';
import { FieldError } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import '../../i18n/areas/campaign';
import '../../i18n/areas/report';
import { DayField, MessagesField } from './ReportFields';
import { ColumnHeads } from '../../components/list/ColumnHeads';
import { Page } from '../../components/Page';

const DAY = 86_400_000;
const TABS: { kind: RequestedReportKind; path: string }[] = [
  { kind: 'REQUESTED', path: '/requested/requested-reports' },
  { kind: 'SUMMARY', path: '/requested/summary-reports' },
  { kind: 'SURVEY', path: '/requested/survey-reports' },
  { kind: 'CUSTOM', path: '/requested/custom-reports' },
];
const SEVERITY = { QUEUED: 'secondary', RUNNING: 'info', DONE: 'success', FAILED: 'danger' } as const;

export default function RequestedReportsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const allowed = TABS.filter((tab) => session?.userdetails.rolePermissions.includes(REQUESTED_REPORT_PERMISSION[tab.kind]));
  const kind = (TABS.find((tab) => pathname.startsWith(tab.path)) ?? allowed[0] ?? TABS[0]!).kind;
  return (
    <Page title={t('page.requested')} intro={t('report.requested.intro')}>
      <nav aria-label={t('page.requested')} className="card">
        {allowed.map((tab) => (
          <NavLink key={tab.kind} to={tab.path} className="p-button p-button-text p-button-sm" aria-current={tab.kind === kind ? 'page' : undefined}>
            {t(`report.requested.tab.${tab.kind}`)}
          </NavLink>
        ))}
      </nav>
      <RequestForm key={`form-${kind}`} kind={kind} />
      <RequestList key={`list-${kind}`} kind={kind} />
    </Page>
  );
}

/** The input of each field the form checks, for the focus after a refused submit. */
const FIELD_IDS = { name: 'requested-name', planIds: 'requested-plans', columns: 'requested-columns', start: 'requested-start', end: 'requested-end' } as const;

function RequestForm({ kind }: { kind: RequestedReportKind }) {
  const { t } = useTranslation();
  // the days asked for are the organization's, as the report counts them
  const zone = useOrgTimeZone();
  const [name, setName] = useState('');
  const [planIds, setPlanIds] = useState<string[]>([]);
  const [columns, setColumns] = useState<string[]>(['sent', 'openRate', 'ctr']);
  const [start, setStart] = useState(() => localDateOf(Date.now() - 29 * DAY, zone));
  const [end, setEnd] = useState(() => localDateOf(Date.now(), zone));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = {
    name: name.trim() ? undefined : t('report.requested.nameRequired'),
    planIds:
      kind === 'SUMMARY'
        ? undefined
        : planIds.length === 0
          ? t('report.plan.chooseMessages')
          : planIds.length > PLAN_REPORT_LIMITS.maxMessages
            ? t('report.plan.tooMany', { max: PLAN_REPORT_LIMITS.maxMessages })
            : undefined,
    columns: kind === 'CUSTOM' && columns.length === 0 ? t('report.requested.columnsRequired') : undefined,
    start: !start ? t('report.plan.dateRequired') : undefined,
    end: !end ? t('report.plan.dateRequired') : start && end < start ? t('report.plan.startBeforeEnd') : undefined,
  };
  const shown = (field: keyof typeof errors) => (tried ? errors[field] : undefined);

  async function submit() {
    setTried(true);
    // what is missing is said beside its field; the first such field takes the focus
    const missing = (Object.keys(errors) as (keyof typeof errors)[]).find((f) => errors[f]);
    if (missing) {
      document.getElementById(FIELD_IDS[missing])?.focus();
      return;
    }
    setBusy(true);
    try {
      await call('requestedReport.create', {
        kind,
        name: name.trim(),
        planIds: kind === 'SUMMARY' ? [] : planIds,
        columns: kind === 'CUSTOM' ? (columns as never) : [],
        start,
        end,
      });
      setName('');
      setTried(false);
      // the list below shows the new request at once, and follows it until its file is ready
      await invalidate('requestedReport.getListByPage');
      showSuccess(t('report.requested.requestedDone', { name: name.trim() }));
    } catch {
      // the client's toast says why
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card form-grid"
      noValidate
      aria-label={t('report.requested.ask')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label htmlFor="requested-name">{t('report.requested.name')}</label>
        <InputText id="requested-name" value={name} invalid={Boolean(shown('name'))} aria-describedby="requested-name-error" onChange={(e) => setName(e.target.value)} />
        <FieldError id="requested-name-error" text={shown('name')} />
      </div>
      {kind !== 'SUMMARY' && <MessagesField id="requested-plans" value={planIds} onChange={setPlanIds} error={shown('planIds')} />}
      {kind === 'CUSTOM' && (
        <div className="field">
          <label htmlFor="requested-columns">{t('report.requested.columns')}</label>
          <MultiSelect
            inputId="requested-columns"
            value={columns}
            options={CUSTOM_REPORT_COLUMNS.map((c) => ({ value: c, label: t(`campaign.metric.${c}`) }))}
            onChange={(e) => setColumns(e.value)}
            invalid={Boolean(shown('columns'))}
            aria-describedby="requested-columns-error"
            pt={{ headerCheckbox: { input: { 'aria-label': t('report.requested.columns') } } }}
          />
          <FieldError id="requested-columns-error" text={shown('columns')} />
        </div>
      )}
      <DayField id="requested-start" label={t('report.plan.start', { zone })} value={start} onChange={setStart} error={shown('start')} />
      <DayField id="requested-end" label={t('report.plan.end', { zone })} value={end} onChange={setEnd} error={shown('end')} />
      <div>
        <Button type="submit" icon="pi pi-send" label={t('report.requested.ask')} loading={busy} />
      </div>
    </form>
  );
}

function RequestList({ kind }: { kind: RequestedReportKind }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  // a report's days are the organization's
  const orgZone = useOrgTimeZone();
  const [page, setPage] = useState(0);
  const size = 20;
  const list = useCall(['requestedReport.getListByPage', { kind, page, size }], {
    refreshInterval: (latest) => (latest?.list.some((r) => r.status === 'QUEUED' || r.status === 'RUNNING') ? 1500 : 0),
  });
  const [confirm, ask] = useConfirm();
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;

  async function download(id: string) {
    try {
      const file = await call('requestedReport.download', { id });
      downloadUrl(file.url, file.fileName);
    } catch {
      // the client's toast says why
    }
  }
  async function remove(id: string, name: string) {
    if (!(await ask({ header: t('report.requested.deleteTitle'), message: t('report.requested.deleteQuestion', { name }), danger: true }))) return;
    try {
      await call('requestedReport.delete', { id });
      await list.mutate();
    } catch {
      // the client's toast says why
    }
  }

  return (
    <div className="card" style={{ overflowX: 'auto' }}>
      {confirm}
      {list.error ? (
        <p role="alert">{t('report.requested.failedToLoad')}</p>
      ) : list.isLoading ? (
        <p role="status">{t('report.plan.loading')}</p>
      ) : rows.length === 0 ? (
        <p data-testid="requested-empty">{t('report.requested.empty')}</p>
      ) : (
        <table className="plain-table" data-testid="requested-reports">
          <caption className="sr-only">{t(`report.requested.tab.${kind}`)}</caption>
          <ColumnHeads labels={(['name', 'period', 'asked', 'status', 'actions'] as const).map((c) => t(`report.requested.${c}`, { zone: orgZone }))} />
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.name}</th>
                <td>
                  {r.start} – {r.end}
                </td>
                <td>{dateTime(r.dateCreated)}</td>
                <td>
                  {r.status === 'RUNNING' ? (
                    <ProgressBar value={r.progress} aria-label={t('report.requested.progress', { name: r.name })} style={{ height: '1rem', minWidth: '6rem' }} />
                  ) : (
                    <Tag value={t(`report.requested.states.${r.status}`)} severity={SEVERITY[r.status]} rounded title={r.error} />
                  )}
                </td>
                <td>
                  <Button
                    type="button"
                    icon="pi pi-download"
                    text
                    size="small"
                    aria-label={`${t('report.requested.download')}: ${r.name}`}
                    disabled={r.status !== 'DONE'}
                    onClick={() => void download(r.id)}
                  />
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    size="small"
                    aria-label={`${t('report.requested.delete')}: ${r.name}`}
                    onClick={() => void remove(r.id, r.name)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {total > size && (
        <div>
          <Button type="button" text label={t('report.requested.previous')} disabled={page === 0} onClick={() => setPage(page - 1)} />
          <span>{t('report.requested.pageOf', { page: page + 1, pages: Math.ceil(total / size) })}</span>
          <Button type="button" text label={t('report.requested.next')} disabled={(page + 1) * size >= total} onClick={() => setPage(page + 1)} />
        </div>
      )}
    </div>
  );
}
