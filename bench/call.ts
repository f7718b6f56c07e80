/** The envelope API called as the portal calls it (plain JSON, a bearer token once signed in), for the benches. */
import type { LocalHerald } from '../functions/local/boot';

export function apiCaller(herald: LocalHerald) {
  return async function call(service: string, payload: unknown, token?: string) {
    const res = await fetch(`${herald.url}/service/web/api/index`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-device-id': 'bench',
        'x-app-key': herald.rt.config.portalAppKey,
        'x-timestamp': String(Date.now()),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ service, payload }),
    });
    const body = (await res.json()) as { state: string; payload: any; errorCode: string; errorMessage: string };
    if (body.state !== 'S') throw new Error(`${service}: ${body.errorCode} ${body.errorMessage}`);
    return body.payload;
  };
}
