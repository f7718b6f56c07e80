/**
 * What an app SDK operation is handed: the app's organization's stores, the app, whether a user token proves the
 * account.
 */
import type { Application } from '../../shared/entities';
import type { SdkOperation, SdkRequest, SdkResponse } from '../../shared/sdk/contract';
import type { Runtime } from '../platform/runtime';
import { counterItems } from '../store/counterItems';
import type { Store, TenantStore } from '../store/store';

export interface SdkContext {
  rt: Runtime;
  /** the untenanted store: nothing here needs it yet beyond what `tenant` reaches (kept named, greppable) */
  platform: Store;
  tenant: TenantStore;
  app: Application;
  proven: boolean;
}

/** A message's once-only event markers and what they counted (the counter table's kinds). */
export const { sdkOnce, sdkPlanCounts } = counterItems;

type Parsed<O extends SdkOperation> = SdkRequest<O> & Record<string, unknown>;
export type Op<O extends SdkOperation> = (p: Parsed<O>, ctx: SdkContext) => Promise<SdkResponse<O>>;

export const actor = (app: Application) => `app:${app.id}`;
