/**
 * Behaviour insights (issue 24 item 5), one screen for app accounts and one for web accounts: active accounts per
 * UTC day, events over time, a funnel between chosen events (all read from counters), one account's timeline a
 * page at a time, and for the web the snippet to put on the site. Charts through the dashboard's ChartFigure,
 * each with its numbers as a table.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../shared/format';
import type { DashboardRange } from '../../../../shared/services/dashboard';
import { INSIGHT_LIMITS, type InsightSource, WEB_SNIPPET_PATH } from '../../../../shared/services/insights';
import { call } from '../../api/client';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useCursorPages } from '../../api/useCursorPages';
import { useDateTime, useDisplayTimeZone, useOrgTimeZone } from '../../app/locale';
import { DateRangePicker } from '../../components/DateRangePicker';
import { Select } from '../../components/Select';
import { ChartFigure } from '../dashboard/ChartFigure';
import '../../i18n/areas/dashboard';
import '../../i18n/areas/insights';
import styles from './InsightsPage.module.css';
import { SelectField } from '../../components/Field';
import { ColumnHeads } from '../../components/list/ColumnHeads';
import { Page } from '../../components/Page';

const SERIES_COLORS = ['#2563eb', '#15803d', '#c2410c', '#7c3aed', '#0f766e'];
/** The events chart draws the most frequent names; the rest are in the table of names. */
const CHARTED_NAMES = 5;

type Range = DashboardRange;

function Funnel({ source, range, names }: { source: InsightSource; range: Range; names: readonly string[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(['', '']);
  const [steps, setSteps] = useState<string[] | null>(null);
  const funnel = useCall(steps ? keys.insightFunnel(source, range, steps) : null);
  const picked = chosen.filter(Boolean);
  const options = [{ value: '', label: '--' }, ...names.map((n) => ({ value: n, label: n }))];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (picked.length >= 2) setSteps(picked);
  };
  return (
    <section className="card" aria-labelledby="ins-funnel-title">
      <h2 id="ins-funnel-title" className="card-title">
        {t('insights.funnelTitle')}
      </h2>
      <p className="muted small">{t('insights.funnelIntro')}</p>
      <form className={styles.controls} onSubmit={submit}>
        <fieldset className={styles.steps}>
          <legend>{t('insights.funnelSteps', { max: INSIGHT_LIMITS.funnelSteps })}</legend>
          {chosen.map((value, i) => {
            const label = `${t('insights.step')} ${i + 1}`;
            return (
              <div className="field" key={`step-${i + 1}`}>
                <label htmlFor={`ins-step-${i}`}>{label}</label>
                <Select
                  inputId={`ins-step-${i}`}
                  label={label}
                  labelled
                  value={value}
                  options={options}
                  onChange={(e) => setChosen((c) => c.map((v, j) => (j === i ? String(e.value) : v)))}
                />
              </div>
            );
          })}
        </fieldset>
        <div className={styles.apply}>
          {chosen.length < INSIGHT_LIMITS.funnelSteps && <Button type="button" icon="pi pi-plus" text label={t('insights.step')} onClick={() => setChosen((c) => [...c, ''])} />}
          <Button type="submit" label={t('insights.funnelRun')} icon="pi pi-filter" disabled={picked.length < 2} data-testid="funnel-run" />
        </div>
      </form>
      {funnel.data && (
        <ChartFigure
          title={t('insights.funnelTitle')}
          summary={t('insights.funnelSummary')}
          type="bar"
          horizontal
          labels={funnel.data.steps.map((s, i) => `${i + 1}. ${s.name}`)}
          series={[{ label: t('insights.accounts'), values: funnel.data.steps.map((s) => s.accounts), color: SERIES_COLORS[0]! }]}
          show={formatCount}
          rowHeader={t('insights.step')}
          testId="insights-funnel"
        />
      )}
    </section>
  );
}

function Timeline({ source }: { source: InsightSource }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const [typed, setTyped] = useState('');
  const [accountId, setAccountId] = useState('');
  const pages = useCursorPages(
    ['behaviorInsight.timeline', source, accountId],
    (cursor: string | undefined) => (accountId ? call('behaviorInsight.timeline', { source, accountId, size: 20, cursor }) : Promise.resolve({ list: [], next: undefined })),
    { items: (page) => page.list, next: (page) => page.next },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAccountId(typed.trim());
  };
  return (
    <section className="card" aria-labelledby="ins-timeline-title">
      <h2 id="ins-timeline-title" className="card-title">
        {t('insights.timelineTitle')}
      </h2>
      <form className={styles.controls} onSubmit={submit}>
        <div className="field">
          <label htmlFor="ins-account">{t('insights.accountId')}</label>
          <InputText id="ins-account" value={typed} maxLength={64} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <div className={styles.apply}>
          <Button type="submit" label={t('insights.show')} icon="pi pi-search" disabled={!typed.trim()} />
        </div>
      </form>
      {accountId && pages.first.data && (
        <>
          {pages.rows.length === 0 ? (
            <p className="muted">{t('insights.timelineEmpty')}</p>
          ) : (
            <table className="plain-table" data-testid="insights-timeline">
              <caption className="sr-only">{t('insights.timelineTitle')}</caption>
              <ColumnHeads labels={[t('insights.time', { zone }), t('insights.event'), t('insights.detail')]} />
              <tbody>
                {pages.rows.map((e) => (
                  <tr key={e.id}>
                    <td>{dateTime(e.at)}</td>
                    <th scope="row">{e.name}</th>
                    <td className={styles.detail}>
                      {[e.planName ? `${t('insights.message')}: ${e.planName}` : e.planId, e.buttonId, e.url, e.properties ? JSON.stringify(e.properties) : undefined]
                        .filter(Boolean)
                        .join(' · ') || '--'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages.hasMore && <Button type="button" label={t('insights.more')} text loading={pages.loadingMore} onClick={() => void pages.more()} />}
        </>
      )}
    </section>
  );
}

function Snippet() {
  const { t } = useTranslation();
  const apps = useCall(keys.insightWebApps());
  const [appKey, setAppKey] = useState<string | null>(null);
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  const list = apps.data?.apps ?? [];
  const chosen = list.find((a) => a.appKey === appKey) ?? list[0];
  const code = chosen
    ? `<script src="${window.location.origin}${apps.data?.path ?? WEB_SNIPPET_PATH}" data-app-key="${chosen.appKey}" data-secret="${t('insights.secretPlaceholder')}" async></script>`
    : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied('copied');
    } catch {
      setCopied('copyFailed');
    }
  };
  return (
    <section className="card" aria-labelledby="ins-snippet-title">
      <h2 id="ins-snippet-title" className="card-title">
        {t('insights.snippetTitle')}
      </h2>
      <p className="muted small">{t('insights.snippetIntro')}</p>
      {apps.data && list.length === 0 && <p>{t('insights.noWebApps')}</p>}
      {chosen && (
        <>
          <SelectField
            id="ins-web-app"
            label={t('insights.snippetApp')}
            value={chosen.appKey}
            options={list.map((a) => ({ value: a.appKey, label: `${a.name} (${a.allowedOrigins.join(', ') || '--'})` }))}
            onChange={(e) => setAppKey(String(e.value))}
          />
          <pre className={styles.code} data-testid="web-snippet">
            <code>{code}</code>
          </pre>
          <Button type="button" label={t('insights.copy')} icon="pi pi-copy" onClick={() => void copy()} />
          <span role="status" className="muted small">
            {copied ? t(`insights.${copied}`) : ''}
          </span>
        </>
      )}
    </section>
  );
}

export function InsightsPage({ source }: { source: InsightSource }) {
  const { t } = useTranslation();
  const orgZone = useOrgTimeZone();
  const [range, setRange] = useState<Range>({ preset: 'WEEK' });
  const summary = useCall(keys.insightSummary(source, range));
  const data = summary.data;
  const charted = (data?.names ?? []).slice(0, CHARTED_NAMES);
  return (
    <Page
      title={t(source === 'APP' ? 'page.appInsights' : 'page.webInsights')}
      intro={t(`insights.intro.${source}`, { zone: data?.range.timeZone ?? orgZone })}
      testId={`insights-${source}`}
    >
      <section className="card" aria-label={t('insights.range')}>
        <div className={styles.range}>
          <DateRangePicker idPrefix="ins" initial="WEEK" onRange={setRange} />
        </div>
        {summary.error && <p role="alert">{t('insights.failed')}</p>}
        {data && (
          <>
            <p>
              {t('insights.totalEvents')}: <strong data-testid="insights-total">{formatCount(data.events)}</strong>
            </p>
            <div className="grid-2">
              <ChartFigure
                title={t('insights.activeTitle')}
                summary={t('insights.activeSummary', { start: data.range.start, end: data.range.end, zone: data.range.timeZone })}
                type="bar"
                labels={data.days.map((d) => d.day)}
                series={[{ label: t('insights.active'), values: data.days.map((d) => d.active), color: SERIES_COLORS[0]! }]}
                show={formatCount}
                rowHeader={t('insights.day')}
                testId="insights-active"
              />
              <ChartFigure
                title={t('insights.eventsTitle')}
                summary={t('insights.eventsSummary', { count: charted.length, zone: data.range.timeZone })}
                type="line"
                labels={data.days.map((d) => d.day)}
                series={[
                  { label: t('insights.events'), values: data.days.map((d) => d.events), color: '#475569' },
                  ...charted.map((n, i) => ({ label: n.name, values: data.days.map((d) => d.byName[n.name] ?? 0), color: SERIES_COLORS[i % SERIES_COLORS.length]! })),
                ]}
                show={formatCount}
                rowHeader={t('insights.day')}
                testId="insights-events"
              />
            </div>
            {data.names.length === 0 ? (
              <p className="muted">{t('insights.noEvents')}</p>
            ) : (
              <table className="plain-table" data-testid="insights-names">
                <caption>{t('insights.events')}</caption>
                <ColumnHeads labels={[t('insights.event'), t('insights.events')]} />
                <tbody>
                  {data.names.map((n) => (
                    <tr key={n.name}>
                      <th scope="row">{n.name}</th>
                      <td>{formatCount(n.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </section>
      <Funnel source={source} range={range} names={(data?.names ?? []).map((n) => n.name)} />
      <Timeline source={source} />
      {source === 'WEB' && <Snippet />}
    </Page>
  );
}
