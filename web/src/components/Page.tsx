/**
 * The frame of a page: its header (a way back, the heading, the intro and notes, then the page's actions on the
 * right) and its content. A section of another screen (`section`) has no page class and its heading one level down.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import linkStyles from './links.module.css';

export function Page({
  title,
  titleId,
  back,
  intro,
  notes,
  actions,
  className,
  testId,
  section,
  children,
}: {
  title: ReactNode;
  /** the heading's id; the page is then labelled by its heading */
  titleId?: string;
  /** above the heading: a way back (see BackLink) */
  back?: ReactNode;
  /** under the heading, muted */
  intro?: ReactNode;
  /** under the intro */
  notes?: ReactNode;
  /** the page's buttons and links, beside the heading */
  actions?: ReactNode;
  /** classes beside `page` */
  className?: string;
  testId?: string;
  /** a part of another screen (its heading one level down), not a page of its own */
  section?: boolean;
  children?: ReactNode;
}) {
  const heading = section ? <h2 id={titleId}>{title}</h2> : <h1 id={titleId}>{title}</h1>;
  const pageClass = section ? className : ['page', className].filter(Boolean).join(' ');
  return (
    <section className={pageClass} data-testid={testId} aria-labelledby={titleId}>
      <header className="page-header">
        {back || intro || notes ? (
          <div>
            {back}
            {heading}
            {intro && <p className="muted">{intro}</p>}
            {notes}
          </div>
        ) : (
          heading
        )}
        {actions}
      </header>
      {children}
    </section>
  );
}

/** Above a page's heading: back to its list. */
export function BackLink({ to, label, className = linkStyles.backLink }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} className={className}>
      <i className="pi pi-arrow-left" aria-hidden="true" />
      <span>{label}</span>
    </Link>
  );
}
