/** A page opened without its record (no id in the address, or one that is gone): what to do, and the way back. */
import { Link } from 'react-router-dom';
import { Page } from './Page';

export function NoRecordPage({ title, text, back, backLabel }: { title: string; text: string; back: string; backLabel: string }) {
  return (
    <Page title={title}>
      <div className="card">
        <p className="muted">{text}</p>
        <Link to={back}>{backLabel}</Link>
      </div>
    </Page>
  );
}
