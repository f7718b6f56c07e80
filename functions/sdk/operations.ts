// What each app SDK call does, in the app's organization only.
// The signing secret ships inside the app, so it proves only that a call comes from some copy of the app.
import type { SdkOperation } from '../../shared/sdk/contract';
import { attributes, device, identify } from './accountOps';
import type { Op } from './context';
import { permission, signOut } from './deviceOps';
import { events } from './eventOps';
import { inbox, inboxDelete, inboxRead } from './inboxOps';

export { PUSH_UNSUBSCRIBE_WINDOW_MS } from './accountOps';
export type { SdkContext } from './context';

export const SDK_HANDLERS: { [O in SdkOperation]: Op<O> } = { identify, device, attributes, events, permission, signOut, inbox, inboxRead, inboxDelete };
