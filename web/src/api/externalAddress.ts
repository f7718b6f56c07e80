/**
 * Sending the browser to an address the server answered from an identity provider (its sign-in or logout page):
 * only http or https. The server refuses anything else already; a `javascript:` address assigned to
 * window.location would run in the portal's page, so the browser refuses it as well.
 */
export function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Leaves the portal for `address`; answers false (and stays) when it is no web address. */
export function leaveFor(address: string, how: 'assign' | 'replace' = 'assign'): boolean {
  if (!isWebAddress(address)) return false;
  if (how === 'replace') window.location.replace(address);
  else window.location.assign(address);
  return true;
}
