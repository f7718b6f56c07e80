/**
 * "Edit base info" (spec 000 section 4): a message's name, intro, tags, category and group, in any state but
 * archived, and the addresses its reports are mailed to (plan.edit, then plan.editReportMails when they changed).
 */
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../../../shared/services/plan';
import { isValidEmail } from '../../../../shared/validation';
import { call } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { FieldError, TextField } from '../../components/TextField';
import { type Classification, ClassificationFields } from './ClassificationFields';

const MAX_REPORT_MAILS = 20;
const linesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function BaseInfoDialog({ plan, onHide, onSaved }: { plan: PlanView | null; onHide: () => void; onSaved: (plan: PlanView) => Promise<void> }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [intro, setIntro] = useState('');
  const [classification, setClassification] = useState<Classification>({ tagIds: [], categoryId: null, groupId: null });
  const [mails, setMails] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!plan) return;
    setName(plan.name);
    setIntro(plan.intro);
    setClassification({ tagIds: plan.tagIds, categoryId: plan.categoryId ?? null, groupId: plan.groupId ?? null });
    setMails((plan.reportMails ?? []).join('\n'));
    setTried(false);
  }, [plan]);

  const nameError = tried && !name.trim() ? t('campaign.baseInfo.nameRequired') : undefined;
  const addresses = linesOf(mails);
  const badMail = addresses.find((m) => !isValidEmail(m));
  const mailError = !tried
    ? undefined
    : badMail
      ? t('campaign.baseInfo.badMail', { mail: badMail })
      : addresses.length > MAX_REPORT_MAILS
        ? t('campaign.baseInfo.tooManyMails', { max: MAX_REPORT_MAILS })
        : undefined;

  async function submit() {
    setTried(true);
    if (!plan || !name.trim() || badMail || addresses.length > MAX_REPORT_MAILS) return;
    setBusy(true);
    try {
      let saved = await call('plan.edit', { id: plan.id, version: plan.version, name: name.trim(), intro: intro.trim(), ...classification });
      if (addresses.join('\n') !== (plan.reportMails ?? []).join('\n')) saved = await call('plan.editReportMails', { id: plan.id, version: saved.version, reportMails: addresses });
      await onSaved(saved);
      onHide();
    } catch {
      // the client's toast says why (a stale version: 720007; a tag deleted meanwhile: 720009)
    } finally {
      setBusy(false);
    }
  }

  const id = 'base-info';
  return (
    <FormDialog id={`${id}-dialog`} header={t('campaign.baseInfo.title', { name: plan?.name ?? '' })} visible={plan !== null} onHide={onHide} onSubmit={submit} busy={busy} wide>
      <TextField id={`${id}-name`} label={t('campaign.field.name')} value={name} maxLength={100} error={nameError} onChange={setName} fieldClassName="span-2" />
      <div className="field span-2">
        <label htmlFor={`${id}-intro`}>{t('campaign.field.intro')}</label>
        <InputTextarea id={`${id}-intro`} value={intro} maxLength={500} rows={2} autoResize onChange={(e) => setIntro(e.target.value)} />
      </div>
      <ClassificationFields idPrefix={id} value={classification} onChange={setClassification} />
      <div className="field span-2">
        <label htmlFor={`${id}-mails`}>{t('campaign.baseInfo.reportMails')}</label>
        <InputTextarea
          id={`${id}-mails`}
          value={mails}
          rows={3}
          autoResize
          invalid={Boolean(mailError)}
          aria-describedby={`${id}-mails-hint ${id}-mails-error`}
          onChange={(e) => setMails(e.target.value)}
        />
        <small id={`${id}-mails-hint`} className="muted">
          {t('campaign.baseInfo.reportMailsHint', { max: MAX_REPORT_MAILS })}
        </small>
        <FieldError id={`${id}-mails-error`} text={mailError} />
      </div>
    </FormDialog>
  );
}
