/** SWR hooks over the client: `use<Thing>()`, keyed from `keys.ts`. */
import { useSyncExternalStore } from 'react';
import type { Channel } from '../../../shared/delivery';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import type { Result, ServiceName } from '../../../shared/services';
import type { ApiError } from './apiError';
import { call } from './client';
import { cachedConfiguration, storeConfiguration } from './configurationStore';
import { type CallKey, isKeyOf, keys } from './keys';
import { getSession, type Session, subscribeSession } from './session';

const untypedCall = call as unknown as (service: ServiceName, payload: unknown) => Promise<unknown>;
const fetchKey = ([service, payload]: CallKey) => untypedCall(service, payload);

export function useCall<S extends ServiceName>(key: CallKey<S> | null, config?: SWRConfiguration<Result<S>, ApiError>) {
  return useSWR<Result<S>, ApiError, CallKey<S> | null>(key, fetchKey as (k: CallKey<S>) => Promise<Result<S>>, config);
}

/** List operations: those answering `{list, total, page, size}`. */
export type ListService = {
  [S in ServiceName]: Result<S> extends { list: unknown[]; total: number } ? S : never;
}[ServiceName];
export type ListQuery<S extends ListService> = CallKey<S>[1];

export function usePagedList<S extends ListService>(service: S, query: ListQuery<S>) {
  return useCall(keys.list(service, query), { keepPreviousData: true });
}

export function useConfiguration() {
  const cached = cachedConfiguration();
  return useCall(keys.configuration(), { fallbackData: cached, revalidateOnMount: !cached, onSuccess: storeConfiguration });
}

/** Loads the configuration again (after a system setting save): it is kept for the session otherwise. */
export async function refreshConfiguration(): Promise<void> {
  const configuration = await call('auth.configuration', {}, { quiet: true });
  storeConfiguration(configuration);
  await mutate(keys.configuration(), configuration, { revalidate: false });
}

export const useProfile = () => useCall(keys.profile());
export const useMyInvitations = () => useCall(keys.myInvitations(), { revalidateOnFocus: true });
export const useRoleOptions = (activeOnly = false) => useCall(keys.roleOptions(activeOnly), { dedupingInterval: 10_000 });
export const useRolePermissions = () => useCall(keys.rolePermissions(), { dedupingInterval: 60_000 });
export const useTemplateCategories = () => useCall(keys.templateCategories(), { dedupingInterval: 10_000 });
export const useMessageFolders = () => useCall(keys.messageFolders(), { dedupingInterval: 10_000 });

/** A message; polled every 2 s while it is on its way out, so the page follows it into "sending" and "sent". */
export const usePlan = (id: string | null, config?: SWRConfiguration<Result<'plan.detail'>, ApiError>) => useCall(id ? keys.plan(id) : null, config);
/** A message's numbers; polled every 2 s while a run is in flight or `live` says one is about to start. */
export const usePlanStatistics = (id: string | null, live = false) =>
  useCall(id ? keys.planStatistics(id) : null, { refreshInterval: (data) => (live || data?.running ? 2_000 : 0) });
export const useSegmentOptions = () => useCall(keys.segmentOptions(), { dedupingInterval: 10_000 });
export const useSegmentCount = (id: string | null) => useCall(id ? keys.segmentCount(id) : null, { revalidateOnFocus: false });
/** The segment's size with how many can receive on `channel` and why the others cannot. */
export const useSegmentReach = (id: string | null, channel: Channel) => useCall(id ? keys.segmentReach(id, channel) : null, { revalidateOnFocus: false });
/** Who may be asked to approve a message: members whose role holds PLAN_PASS. */
export const useApprovers = (enabled = true) =>
  useSWR(enabled ? keys.approvers() : null, () => call('plan.getApprovers', {}, { quiet: true }), { dedupingInterval: 30_000, shouldRetryOnError: false });
/** Where a draft's test mail may go: the organization's kept test addresses and its members. */
export const useTestRecipients = () =>
  useSWR(keys.testRecipients(), () => call('plan.getTestRecipients', {}, { quiet: true }), { dedupingInterval: 30_000, shouldRetryOnError: false });
export const useEmailTemplateOptions = (enabled = true) =>
  useSWR(enabled ? keys.emailTemplateOptions() : null, ([, payload]) => call('templateMessage.getAll', payload, { quiet: true }), {
    dedupingInterval: 10_000,
    shouldRetryOnError: false,
  });

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** Refetches every cached answer of the given services. */
export async function invalidate(...services: ServiceName[]): Promise<void> {
  await Promise.all(services.map((s) => mutate(isKeyOf(s))));
}
