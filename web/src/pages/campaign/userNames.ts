/**
 * Who did something, by name: the organization's users when the role may list them, "you" for the signed-in
 * user, "system" for the scheduler and the send pipeline, otherwise the end of the user id.
 */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession, useUserOptions } from '../../api/hooks';

export const SYSTEM_ACTOR = 'system';

export function useUserNames() {
  const { t } = useTranslation();
  const session = useSession();
  const mayList = session?.userdetails.rolePermissions.includes('NAV_PORTAL_USER') ?? false;
  const users = useUserOptions(mayList);
  const names = useMemo(
    () => new Map((users.data ?? []).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.username])),
    [users.data],
  );
  const me = session?.userdetails.id;
  const nameOf = useCallback(
    (id: string) => {
      if (id === me) return t('campaign.you');
      if (id === SYSTEM_ACTOR) return t('campaign.system');
      return names.get(id) ?? t('campaign.userId', { id: id.slice(-6) });
    },
    [me, names, t],
  );
  return { nameOf, users, mayList, me };
}
