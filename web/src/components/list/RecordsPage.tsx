/**
 * The frame of a records page under a list (a run's sends, a delivery's rows, a source's history): its heading, a
 * way back to the list with what the records belong to, notes, the page's action, and the records in a card.
 */
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../Page';
import { useLinkDownload } from '../useLinkDownload';

export function RecordsPage({
  title,
  back,
  backLabel,
  of,
  notes,
  action,
  children,
}: {
  title: string;
  /** the list's path */
  back: string;
  backLabel: string;
  /** what the records belong to, after the back link */
  of?: ReactNode;
  notes?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page
      title={title}
      intro={
        <>
          <Link to={back}>{backLabel}</Link>
          {of ? <> / {of}</> : null}
        </>
      }
      notes={notes}
      actions={action}
    >
      <div className="card">{children}</div>
    </Page>
  );
}

/** The page's CSV export: a signed link the browser downloads (it works for 15 minutes). */
export function ExportButton({ label, disabled, signLink }: { label: string; disabled: boolean; signLink: () => Promise<{ url: string; fileName: string }> }) {
  const [exporting, download] = useLinkDownload();
  return <Button type="button" icon="pi pi-download" label={label} loading={exporting} disabled={disabled} onClick={() => void download(signLink)} />;
}
