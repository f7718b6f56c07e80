/** The spinner a page shows while it or its data loads (the router's frame shows it too). */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
    </div>
  );
}

/** A card in place of a page's content while its data loads; the label is for screen readers. */
export function LoadingCard({ label }: { label: string }) {
  return (
    <div className="card" aria-busy="true">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> <span className="sr-only">{label}</span>
    </div>
  );
}
