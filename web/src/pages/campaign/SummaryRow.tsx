/** One line of a plan's summary list (a `<dl>`): its label and its value. */
import type { ReactNode } from 'react';
import partStyles from './planParts.module.css';

export function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={`${partStyles.summaryRow} summary-row`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
