/** The local stand-in of End User Messaging SMS (the SMS and voice v2 JSON API). Not speaking the protocol yet: every request answers 501. */
import { closeServer, listen, type ProviderStandIn, sendJson, type StandInOptions } from './provider';

export async function startSmsStandIn(opts: StandInOptions = {}): Promise<ProviderStandIn> {
  const { server, endpoint } = await listen(async (_req, res) => sendJson(res, 501, { message: 'not implemented' }), opts.port);
  return { endpoint, close: () => closeServer(server) };
}
