/** The spinner a page shows while it or its data loads (the router's frame shows it too). */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
    </div>
  );
}
