/**
 * What each app SDK call does, in the app's organization only: every key is built from the organization the app
 * key names, so an app never reads or writes another organization's accounts. A missing account, device,
 * geofence, beacon or plan answers 720003, whether it does not exist or belongs to another organization.
 *
 * The signing secret ships inside the app, so it proves only that a call comes from some copy of the app. Without
 * a user token (`proven`) an app creates accounts and changes what is not identity; an existing account's
 * addresses (e-mail, phone, LINE, postal: each routes messages to whoever holds it), consents and push stay as
 * stored (docs/sdk/README.md states the rules).
 */
import type { SdkOperation } from '../../shared/sdk/contract';
import { attributes, device, identify } from './accountOps';
import type { Op } from './context';
import { permission, signOut } from './deviceOps';
import { events } from './eventOps';
import { inbox, inboxDelete, inboxRead } from './inboxOps';

export { PUSH_UNSUBSCRIBE_WINDOW_MS } from './accountOps';
export type { SdkContext } from './context';

export const SDK_HANDLERS: { [O in SdkOperation]: Op<O> } = { identify, device, attributes, events, permission, signOut, inbox, inboxRead, inboxDelete };
