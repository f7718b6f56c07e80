/** Changing when an approved or draft message goes out (planAction.modifyDateRange), with the 5-minute rule. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Trigger } from '../../../../shared/plan/plan';
import { useSession } from '../../api/hooks';
import { FormDialog } from '../../components/FormDialog';
import { checkTrigger, defaultTimeZone, suggestedSchedule, type TriggerDraft, triggerDraftOf, triggerOf } from './schedule';
import { TriggerFields } from './TriggerFields';
import { useOrgLocale } from '../../app/locale';

type Schedule = Extract<TriggerDraft, { kind: 'SCHEDULE' }>;

export function DateDialog({
  planName,
  current,
  visible,
  onHide,
  onSave,
}: {
  planName: string;
  current: Trigger;
  visible: boolean;
  onHide: () => void;
  onSave: (trigger: Trigger) => Promise<void>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const orgLocale = useOrgLocale();
  const [now, setNow] = useState(() => Date.now());
  const [trigger, setTrigger] = useState<TriggerDraft>({ kind: 'IMMEDIATELY' });
  const [schedule, setSchedule] = useState<Schedule>(() => suggestedSchedule(now, 'UTC') as Schedule);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    const at = Date.now();
    const draft = triggerDraftOf(current);
    setNow(at);
    setTrigger(draft);
    setSchedule(draft.kind === 'SCHEDULE' ? draft : (suggestedSchedule(at, defaultTimeZone(session?.userdetails.timeZone, orgLocale.timeZone)) as Schedule));
    setTried(false);
  }, [visible, current, session, orgLocale.timeZone]);

  async function submit() {
    setTried(true);
    const at = Date.now();
    setNow(at);
    if (!checkTrigger(trigger, at).ok) return;
    setBusy(true);
    try {
      await onSave(triggerOf(trigger));
      onHide();
    } catch {
      // the client's toast says why (750002 when the time came too close meanwhile)
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog id="date-dialog" header={t('campaign.dateDialog.title', { name: planName })} visible={visible} onHide={onHide} onSubmit={submit} busy={busy}>
      <div className="span-2">
        <TriggerFields
          idPrefix="date-dialog"
          trigger={trigger}
          schedule={schedule}
          now={now}
          showError={tried}
          onChange={(next, kept) => {
            setTrigger(next);
            setSchedule(kept);
          }}
        />
      </div>
    </FormDialog>
  );
}
