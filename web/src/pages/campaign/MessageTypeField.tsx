/**
 * Ad-Hoc or Lifecycle (spec 001 3.1), for the wizard and the builder: only the types the member's role may use
 * are offered (planConfig.initSingle / initBuilder answer them); a saved message of another type stays shown.
 */
import { RadioButton } from 'primereact/radiobutton';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TYPES, type MessageType } from '../../../../shared/plan/plan';
import partStyles from './planParts.module.css';
import wizardStyles from './wizard/wizard.module.css';
import '../../i18n/areas/campaign';

export interface MessageTypeChoices {
  messageTypes: MessageType[];
  defaultMessageType?: MessageType;
}

export function MessageTypeField({ value, choices, onChange }: { value: MessageType | undefined; choices: MessageTypeChoices | undefined; onChange: (type: MessageType) => void }) {
  const { t } = useTranslation();
  const chosen = value ?? choices?.defaultMessageType;
  const none = choices !== undefined && choices.messageTypes.length === 0;
  return (
    <fieldset className={`${partStyles.choiceGroup} span-2`} aria-describedby="plan-message-type-hint" data-testid="message-type">
      <legend>{t('campaign.settingsTab.messageType')}</legend>
      <div className={wizardStyles.channelOptions}>
        {Object.values(MESSAGE_TYPES).map((type) => {
          const allowed = choices?.messageTypes.includes(type) ?? false;
          if (!allowed && value !== type) return null;
          return (
            <div key={type} className={wizardStyles.channelOption}>
              <RadioButton
                inputId={`plan-message-type-${type}`}
                name="plan-message-type"
                value={type}
                checked={chosen === type}
                disabled={!allowed}
                onChange={() => onChange(type)}
              />
              <label htmlFor={`plan-message-type-${type}`}>{t(`campaign.settingsTab.messageTypes.${type}`)}</label>
            </div>
          );
        })}
      </div>
      <small id="plan-message-type-hint" className={none ? 'p-error field-error' : 'field-hint'} role={none ? 'alert' : undefined}>
        {none ? t('campaign.messageTypeNone') : t('campaign.messageTypeHint')}
      </small>
    </fieldset>
  );
}
