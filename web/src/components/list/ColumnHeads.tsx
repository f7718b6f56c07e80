/** A table's header row: one column header a label, in order; columns from `numericFrom` on hold numbers (right-aligned). */
export function ColumnHeads({ labels, numericFrom }: { labels: readonly string[]; numericFrom?: number }) {
  return (
    <thead>
      <tr>
        {labels.map((label, i) => (
          <th key={label} scope="col" className={numericFrom !== undefined && i >= numericFrom ? 'numeric' : undefined}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
