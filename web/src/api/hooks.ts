/** SWR hooks over the client: `use<Thing>()`, keyed from `keys.ts`. */
import { useSyncExternalStore } from 'react';
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

export const useProfile = () => useCall(keys.profile());
export const useMyInvitations = () => useCall(keys.myInvitations(), { revalidateOnFocus: true });
export const useRoleOptions = (activeOnly = false) => useCall(keys.roleOptions(activeOnly), { dedupingInterval: 10_000 });
export const useRolePermissions = () => useCall(keys.rolePermissions(), { dedupingInterval: 60_000 });

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** Refetches every cached answer of the given services. */
export async function invalidate(...services: ServiceName[]): Promise<void> {
  await Promise.all(services.map((s) => mutate(isKeyOf(s))));
}
