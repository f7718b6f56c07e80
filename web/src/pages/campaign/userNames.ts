/**
 * Who did something, by name: the names a message carries for the people it names (`plan.people`), "you" for
 * the signed-in user, "system" for the scheduler and the send pipeline, otherwise the end of the user id (a
 * former member).
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../api/hooks';

export const SYSTEM_ACTOR = 'system';

export function useUserNames(people: Record<string, string> = {}) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session?.userdetails.id;
  const nameOf = useCallback(
    // `named`: the names a list row carries, where one hook serves many messages
    (id: string, named: Record<string, string> = people) => {
      if (id === me) return t('campaign.you');
      if (id === SYSTEM_ACTOR) return t('campaign.system');
      return named[id] ?? t('campaign.userId', { id: id.slice(-6) });
    },
    [me, people, t],
  );
  return { nameOf, me };
}
