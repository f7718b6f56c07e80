/** Navigation for code outside React components (the error handler, sign-out), set once the router exists. */
type Navigate = (to: string, opts?: { replace?: boolean }) => Promise<void>;

let navigate: Navigate = async (to) => {
  window.location.hash = `#${to}`;
};

export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(to: string, opts: { replace?: boolean } = { replace: true }): Promise<void> {
  return navigate(to, opts);
}
