/**
 * The frame around every page: suspense while its chunk loads, an error boundary, scroll-to-top, the title, the
 * focus on the heading.
 */
import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation, useRouteError } from 'react-router-dom';
import { PRODUCT_NAME } from '../app/constants';
import { ChunkLoadError } from '../app/lazyPage';
import { PageSpinner } from '../components/PageSpinner';
import type { RouteDef } from '../routes';
import { useHeadingFocus } from './useHeadingFocus';
import styles from './RootShell.module.css';

function ProblemView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <div className={styles.problemView} role="alert">
      <i className={`${styles.problemIcon} pi pi-exclamation-triangle`} aria-hidden="true" />
      <h2>{chunk ? t('problem.chunkTitle') : t('problem.title')}</h2>
      <p>{chunk ? (error.reason === 'timeout' ? t('problem.chunkTimeout') : t('problem.chunkFailed')) : t('problem.text')}</p>
      <button type="button" className="p-button p-component" onClick={() => window.location.reload()}>
        <span className="p-button-label">{t('problem.reload')}</span>
      </button>
    </div>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
  }
  render() {
    return this.state.error ? <ProblemView error={this.state.error} /> : this.props.children;
  }
}

/** Suspense and an error boundary that resets when the path changes. */
export function PageFrame({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <PageErrorBoundary key={location.pathname}>
      <Suspense fallback={<PageSpinner />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}

export function RouteError() {
  return <ProblemView error={useRouteError()} />;
}

function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const route = (matches[matches.length - 1]?.handle as { route?: RouteDef } | undefined)?.route;
  const title = route ? t(route.titleKey) : null;
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

export function RootShell() {
  const location = useLocation();
  const navigation = useNavigation();
  useDocumentTitle();
  useHeadingFocus();
  // biome-ignore lint/correctness/useExhaustiveDependencies(location.pathname): each new path starts at the top
  useEffect(() => {
    window.scrollTo(0, 0);
    document.querySelector('.layout-content')?.scrollTo(0, 0);
  }, [location.pathname]);
  return (
    <>
      {navigation.state !== 'idle' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
    </>
  );
}
