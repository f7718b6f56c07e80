/** The row above a cursor list: a status to narrow it by (with "all" first), and a refresh button. */
import { Button } from 'primereact/button';
import { Select } from '../Select';
import styles from './ListToolbar.module.css';

export interface StatusFilter {
  id: string;
  label: string;
  /** '' for all */
  value: string;
  allLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

export function ListToolbar({ status, refreshLabel, onRefresh }: { status?: StatusFilter; refreshLabel: string; onRefresh: () => void }) {
  return (
    <div className={`${styles.listToolbar} list-toolbar`}>
      {status && (
        <div className="field">
          <label htmlFor={status.id}>{status.label}</label>
          <Select
            inputId={status.id}
            label={status.label}
            labelled
            value={status.value}
            options={[{ value: '', label: status.allLabel }, ...status.options]}
            onChange={(e) => status.onChange(String(e.value ?? ''))}
          />
        </div>
      )}
      <Button type="button" icon="pi pi-refresh" text label={refreshLabel} onClick={onRefresh} />
    </div>
  );
}
