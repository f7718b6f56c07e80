/** The `x-device-id` header: generated once per browser and kept in localStorage. */
const KEY = 'herald.deviceId';

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

let cached: string | null = null;

export function deviceId(): string {
  if (cached) return cached;
  let id: string | null = null;
  try {
    id = localStorage.getItem(KEY);
  } catch {
    id = null;
  }
  if (!id || !/^[A-Za-z0-9._:-]{1,128}$/.test(id)) {
    id = `web-${randomId()}`;
    try {
      localStorage.setItem(KEY, id);
    } catch {
      // private mode: the id lives for this page only
    }
  }
  cached = id;
  return id;
}
