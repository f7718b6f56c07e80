/** The approval sheet a message is sent to review with, as the wizard and the builder hold it (pure: unit-tested). */
import type { TFunction } from 'i18next';
import { DEFAULT_REVIEW_HOURS, fromZonedInput, zonedInputValue } from '../wizard';

export interface Approval {
  participants: string[];
  /** datetime-local value, on the clock of `timeZone` */
  deadline: string;
  /** the zone the deadline is typed in: the user's own, else the organization's (never the browser's unasked) */
  timeZone: string;
}

/** A new approval sheet in `timeZone`: no participants yet, due in DEFAULT_REVIEW_HOURS. */
export const newApproval = (timeZone: string, now = Date.now()): Approval => ({
  participants: [],
  deadline: zonedInputValue(now + DEFAULT_REVIEW_HOURS * 3_600_000, timeZone),
  timeZone,
});

/** The instant the sheet's deadline names, or null when it is not a time. */
export const approvalDeadline = (approval: Approval): number | null => fromZonedInput(approval.deadline, approval.timeZone);

/** What keeps the sheet from being sent: no participant, or a deadline not in the future. */
export function approvalProblems(approval: Approval, t: TFunction): { participants?: string; deadline?: string } {
  const deadline = approvalDeadline(approval);
  return {
    participants: approval.participants.length === 0 ? t('campaign.approval.participantsRequired') : undefined,
    deadline: deadline === null || deadline <= Date.now() ? t('campaign.approval.deadlineFuture') : undefined,
  };
}
