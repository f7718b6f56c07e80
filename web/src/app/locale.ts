/**
 * The locale every screen follows: the user's own choice, else the organization's default (system setting),
 * else the browser's. Dates in lists and details go through `useDateTime`, so each shows the same zone, named.
 */
import { useCallback, useMemo } from 'react';
import { formatDateTime, isDisplayZone } from '../../../shared/format';
import type { Lang } from '../../../shared/errors';
import { isTimeZone } from '../../../shared/plan/zonedTime';
import type { Configuration } from '../../../shared/services';
import { useConfiguration, useSession } from '../api/hooks';
import { isLang } from '../i18n';

export interface OrgLocale {
  language: Lang;
  /** an IANA zone, or empty when the organization leaves it to each browser */
  timeZone: string;
}

export function orgLocaleOf(configuration: Configuration | undefined): OrgLocale {
  const setting = configuration?.systemSetting ?? {};
  return {
    language: isLang(setting.defaultLanguage) ? setting.defaultLanguage : 'en',
    timeZone: typeof setting.defaultTimeZone === 'string' ? setting.defaultTimeZone : '',
  };
}

/** Read once: every date a screen shows asks for it, and each read built a date format. */
let browserZone: string | undefined;

export function browserTimeZone(): string {
  if (browserZone === undefined) {
    try {
      browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
    } catch {
      browserZone = '';
    }
  }
  return browserZone;
}

/** The zone dates are shown in: the first of the user's, the organization's and the browser's that can be shown. */
export function displayTimeZone(user: string | null | undefined, org: string | null | undefined, browser: string = browserTimeZone()): string {
  return [user, org, browser].find(isDisplayZone) ?? 'UTC';
}

export function useOrgLocale(): OrgLocale {
  const { data } = useConfiguration();
  return useMemo(() => orgLocaleOf(data), [data]);
}

export function useDisplayTimeZone(): string {
  const session = useSession();
  const org = useOrgLocale();
  return displayTimeZone(session?.userdetails.timeZone, org.timeZone);
}

/**
 * The zone of the organization's days (the dashboard's, the insights' and the reports' day counts), as the server
 * keeps them: the organization's default zone, else UTC. Not the viewer's: a day counted is the organization's.
 */
export function useOrgTimeZone(): string {
  const org = useOrgLocale();
  return isTimeZone(org.timeZone) ? org.timeZone : 'UTC';
}

/** Formats an instant in the signed-in user's zone, named: the one date formatter of lists and details. */
export function useDateTime(): (value: number | string | Date | null | undefined) => string {
  const timeZone = useDisplayTimeZone();
  return useCallback((value) => formatDateTime(value, { timeZone }), [timeZone]);
}
