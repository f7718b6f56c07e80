/** How a list column's plain value shows in a cell (the registry's `format`), in the generic list and the records tables. */
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import type { ListColumn } from '../../../../shared/entities/entity';
import { formatCount } from '../../../../shared/format';

export function formatted(column: Pick<ListColumn, 'format'>, value: unknown, t: (k: string) => string, dateTime: (value: number) => string): ReactNode {
  switch (column.format) {
    case 'dateTime':
      return dateTime(value as number);
    case 'count':
      return formatCount(value as number);
    case 'boolean':
      return <Tag value={value ? t('common.yes') : t('common.no')} severity={value ? 'success' : 'secondary'} rounded />;
    case 'tags':
      return Array.isArray(value) ? value.map((v) => <Tag key={String(v)} value={String(v)} className="mr-1" />) : null;
    default:
      return value === undefined || value === null || value === '' ? '--' : String(value);
  }
}
