/**
 * Push content (spec 001 3.1, 3.2): content type, title, intro, body, the page a url message opens, 0–2 buttons
 * with their actions, media, a map location, extra parameters, sound, expiry, priority and inbox mode; and a
 * phone-frame preview of the notification as iOS and Android show it.
 */
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_BUTTON_ACTIONS, PUSH_CONTENT_TYPES, PUSH_INBOX_MODES, PUSH_LIMITS, PUSH_MEDIA_TYPES, PUSH_PRIORITIES } from '../../../../../shared/content';
import { personalizeText, type Recipient, safeUrl } from '../../../../../shared/render';
import { useConfiguration } from '../../../api/hooks';
import { FieldError, TextField } from '../../../components/TextField';
import type { BlockDraft } from '../draft';
import { AreaField, type EditorProps, FieldRows, list, patchAt, SelectField, text } from './fields';
import { InAppBuilder } from './InAppBuilder';
import previewStyles from '../builder/PreviewPane.module.css';
import styles from './channel.module.css';

type PushButton = { text: string; action: (typeof PUSH_BUTTON_ACTIONS)[number]; value: string };
type Extra = { key: string; value: string };
type Expiry = { kind: 'NONE' } | { kind: 'DATE'; at: number } | { kind: 'DAYS'; days: number };
type Location = { latitude: number; longitude: number; label: string } | null;

const NEEDS_VALUE = new Set(['WEBSITE', 'OPEN_PAGE', 'CALL']);

export function PushEditor({ content, language, set, error, idPrefix }: EditorProps) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  const contentType = text(content.contentType) || 'text';
  const buttons = list<PushButton>(content.buttons);
  const extras = list<Extra>(content.extras);
  const media = (content.media ?? { type: 'NONE', url: '' }) as { type: string; url: string };
  const expiry = (content.expiry ?? { kind: 'NONE' }) as Expiry;
  const location = (content.location ?? null) as Location;
  const option = <T extends string>(group: string, values: readonly T[]) => values.map((value) => ({ value, label: t(`channelContent.push.${group}.${value}`) }));

  return (
    <div className="form-grid">
      <SelectField
        id={id('type')}
        label={t('channelContent.push.contentType')}
        value={contentType}
        options={option('types', PUSH_CONTENT_TYPES)}
        onChange={(v) => set({ contentType: v }, 'contentType')}
      />
      <TextField
        id={id('sound')}
        label={t('channelContent.push.sound')}
        value={text(content.sound)}
        maxLength={PUSH_LIMITS.sound}
        error={error('sound')}
        onChange={(v) => set({ sound: v }, 'sound')}
      />
      <TextField
        id={id('title')}
        fieldClassName="span-2"
        label={t('channelContent.push.title')}
        value={text(content.title)}
        maxLength={PUSH_LIMITS.title}
        error={error('title')}
        hint={t('channelContent.personalHint', { token: '{{firstName|there}}' })}
        onChange={(v) => set({ title: v }, 'title')}
      />
      <TextField
        id={id('intro')}
        fieldClassName="span-2"
        label={t('channelContent.push.intro')}
        value={text(content.intro)}
        maxLength={PUSH_LIMITS.intro}
        error={error('intro')}
        onChange={(v) => set({ intro: v }, 'intro')}
      />
      <AreaField
        id={id('body')}
        className="span-2"
        label={t('channelContent.push.body')}
        value={text(content.body)}
        maxLength={PUSH_LIMITS.body}
        error={error('body')}
        onChange={(v) => set({ body: v }, 'body')}
      />
      {contentType === 'html' && (
        <InAppBuilder blocks={list<BlockDraft>(content.blocks)} title={text(content.title)} language={language} errorAt={error} onChange={(blocks, key) => set({ blocks }, key)} />
      )}
      {contentType === 'url' && (
        <TextField
          id={id('url')}
          fieldClassName="span-2"
          label={t('channelContent.push.url')}
          value={text(content.url)}
          error={error('url')}
          placeholder="https://"
          onChange={(v) => set({ url: v }, 'url')}
        />
      )}

      <fieldset className={`span-2 ${styles.subForm}`}>
        <legend>{t('channelContent.push.buttons', { count: buttons.length, max: PUSH_LIMITS.buttons })}</legend>
        <FieldRows
          items={buttons}
          row={(b, i) => (
            <>
              <TextField
                id={id(`button-${i}-text`)}
                label={t('channelContent.push.buttonText', { n: i + 1 })}
                value={b.text}
                maxLength={PUSH_LIMITS.buttonText}
                error={error(`buttons.${i}.text`)}
                onChange={(v) => set({ buttons: patchAt(buttons, i, { text: v }) }, `buttons.${i}.text`)}
              />
              <SelectField
                id={id(`button-${i}-action`)}
                label={t('channelContent.push.buttonAction', { n: i + 1 })}
                value={b.action}
                options={option('actions', PUSH_BUTTON_ACTIONS)}
                error={error(`buttons.${i}.action`)}
                onChange={(v) => set({ buttons: patchAt(buttons, i, { action: v }) }, `buttons.${i}.action`)}
              />
              {NEEDS_VALUE.has(b.action) && (
                <TextField
                  id={id(`button-${i}-value`)}
                  label={t(`channelContent.push.value.${b.action}`)}
                  value={b.value}
                  error={error(`buttons.${i}.value`)}
                  onChange={(v) => set({ buttons: patchAt(buttons, i, { value: v }) }, `buttons.${i}.value`)}
                />
              )}
            </>
          )}
          removeLabel={(i) => t('channelContent.push.removeButton', { n: i + 1 })}
          onRemove={(i) => set({ buttons: buttons.filter((_, j) => j !== i) }, 'buttons')}
          errorId={id('buttons-error')}
          addLabel={t('channelContent.push.addButton')}
          maximum={PUSH_LIMITS.buttons}
          onAdd={() => set({ buttons: [...buttons, { text: '', action: 'WEBSITE', value: '' }] }, 'buttons')}
        />
      </fieldset>

      <SelectField
        id={id('media-type')}
        label={t('channelContent.push.mediaType')}
        value={media.type}
        options={option('media', PUSH_MEDIA_TYPES)}
        onChange={(v) => set({ media: { ...media, type: v } }, 'media.type')}
      />
      {media.type !== 'NONE' ? (
        <TextField
          id={id('media-url')}
          label={t('channelContent.push.mediaUrl')}
          value={media.url}
          error={error('media.url')}
          placeholder="https://"
          onChange={(v) => set({ media: { ...media, url: v } }, 'media.url')}
        />
      ) : (
        <span />
      )}

      <fieldset className={`span-2 ${styles.subForm}`}>
        <legend>{t('channelContent.push.location')}</legend>
        <div className="field checkbox-row">
          <Checkbox
            inputId={id('location-on')}
            checked={location !== null}
            onChange={(e) => set({ location: e.checked ? { latitude: 35.6812, longitude: 139.7671, label: '' } : null }, 'location')}
          />
          <label htmlFor={id('location-on')}>{t('channelContent.push.withLocation')}</label>
        </div>
        {location && (
          <div className={styles.itemRow}>
            <div className="field">
              <label htmlFor={id('latitude')}>{t('channelContent.push.latitude')}</label>
              <InputNumber
                inputId={id('latitude')}
                value={location.latitude}
                minFractionDigits={0}
                maxFractionDigits={6}
                min={-90}
                max={90}
                onValueChange={(e) => set({ location: { ...location, latitude: e.value ?? 0 } }, 'location.latitude')}
              />
              <FieldError id={id('latitude-error')} text={error('location.latitude')} />
            </div>
            <div className="field">
              <label htmlFor={id('longitude')}>{t('channelContent.push.longitude')}</label>
              <InputNumber
                inputId={id('longitude')}
                value={location.longitude}
                minFractionDigits={0}
                maxFractionDigits={6}
                min={-180}
                max={180}
                onValueChange={(e) => set({ location: { ...location, longitude: e.value ?? 0 } }, 'location.longitude')}
              />
              <FieldError id={id('longitude-error')} text={error('location.longitude')} />
            </div>
            <TextField
              id={id('place')}
              label={t('channelContent.push.place')}
              value={location.label}
              maxLength={100}
              onChange={(v) => set({ location: { ...location, label: v } }, 'location.label')}
            />
          </div>
        )}
      </fieldset>

      <fieldset className={`span-2 ${styles.subForm}`}>
        <legend>{t('channelContent.push.extras', { count: extras.length, max: PUSH_LIMITS.extras })}</legend>
        <FieldRows
          items={extras}
          row={(x, i) => (
            <>
              <TextField
                id={id(`extra-${i}-key`)}
                label={t('channelContent.push.extraKey', { n: i + 1 })}
                value={x.key}
                maxLength={PUSH_LIMITS.extraKey}
                error={error(`extras.${i}.key`)}
                onChange={(v) => set({ extras: patchAt(extras, i, { key: v }) }, `extras.${i}.key`)}
              />
              <TextField
                id={id(`extra-${i}-value`)}
                label={t('channelContent.push.extraValue', { n: i + 1 })}
                value={x.value}
                maxLength={PUSH_LIMITS.extraValue}
                onChange={(v) => set({ extras: patchAt(extras, i, { value: v }) }, `extras.${i}.value`)}
              />
            </>
          )}
          removeLabel={(i) => t('channelContent.push.removeExtra', { n: i + 1 })}
          onRemove={(i) => set({ extras: extras.filter((_, j) => j !== i) }, 'extras')}
          errorId={id('extras-error')}
          error={error('extras')}
          addLabel={t('channelContent.push.addExtra')}
          maximum={PUSH_LIMITS.extras}
          onAdd={() => set({ extras: [...extras, { key: '', value: '' }] }, 'extras')}
        />
      </fieldset>

      <SelectField
        id={id('expiry')}
        label={t('channelContent.push.expiry')}
        value={expiry.kind}
        options={option('expiryKinds', ['NONE', 'DATE', 'DAYS'] as const)}
        onChange={(v) => set({ expiry: v === 'DATE' ? { kind: 'DATE', at: Date.now() + 7 * 86_400_000 } : v === 'DAYS' ? { kind: 'DAYS', days: 7 } : { kind: 'NONE' } }, 'expiry')}
      />
      {expiry.kind === 'DATE' ? (
        <div className="field">
          <label htmlFor={id('expiry-at')}>{t('channelContent.push.expiryAt')}</label>
          <Calendar
            inputId={id('expiry-at')}
            value={new Date(expiry.at)}
            showTime
            hourFormat="24"
            onChange={(e) => e.value instanceof Date && set({ expiry: { kind: 'DATE', at: e.value.getTime() } }, 'expiry.at')}
          />
          <FieldError id={id('expiry-at-error')} text={error('expiry.at')} />
        </div>
      ) : expiry.kind === 'DAYS' ? (
        <div className="field">
          <label htmlFor={id('expiry-days')}>{t('channelContent.push.expiryDays')}</label>
          <InputNumber
            inputId={id('expiry-days')}
            value={expiry.days}
            min={1}
            max={PUSH_LIMITS.expiryDays}
            showButtons
            onValueChange={(e) => set({ expiry: { kind: 'DAYS', days: e.value ?? 1 } }, 'expiry.days')}
          />
          <FieldError id={id('expiry-days-error')} text={error('expiry.days')} />
        </div>
      ) : (
        <span />
      )}
      <SelectField
        id={id('priority')}
        label={t('channelContent.push.priority')}
        value={text(content.priority) || 'FOLLOW_USER_SETTINGS'}
        options={option('priorities', PUSH_PRIORITIES)}
        onChange={(v) => set({ priority: v }, 'priority')}
      />
      <SelectField
        id={id('inbox')}
        label={t('channelContent.push.inboxMode')}
        value={text(content.inboxMode) || 'PUSH_AND_INBOX'}
        options={option('inboxModes', PUSH_INBOX_MODES)}
        onChange={(v) => set({ inboxMode: v }, 'inboxMode')}
      />
    </div>
  );
}

export function PushPreview({ content, recipient }: { content: Record<string, unknown>; recipient: Recipient }) {
  const { t } = useTranslation();
  const [os, setOs] = useState<'ios' | 'android'>('ios');
  const media = (content.media ?? { type: 'NONE', url: '' }) as { type: string; url: string };
  const picture = media.type === 'THUMBNAIL' || media.type === 'GIF' ? safeUrl(personalizeText(media.url, recipient), 'image') : null;
  const title = personalizeText(text(content.title), recipient);
  const intro = personalizeText(text(content.intro), recipient);
  const body = personalizeText(text(content.body), recipient);
  const buttons = list<PushButton>(content.buttons).filter((b) => b.text.trim());
  const withoutPush = content.inboxMode === 'INBOX_ONLY';
  // the system setting's preview app name (spec 001 3.11), as the organization's app shows it
  const previewApp = useConfiguration().data?.systemSetting.previewAppName;
  const appName = typeof previewApp === 'string' && previewApp ? previewApp : 'Herald';
  return (
    <div className={styles.pushPreview}>
      <div className={previewStyles.widthToggle} role="group" aria-label={t('channelContent.push.previewOs')}>
        {(['ios', 'android'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={`${previewStyles.widthOption} width-option${value === os ? ` ${previewStyles.active}` : ''}`}
            aria-pressed={value === os}
            onClick={() => setOs(value)}
          >
            <i className={value === 'ios' ? 'pi pi-apple' : 'pi pi-android'} aria-hidden="true" />
            <span>{value === 'ios' ? 'iOS' : 'Android'}</span>
          </button>
        ))}
      </div>
      <figure className={`${styles.phoneFrame} ${os}`} data-testid="phone-frame" aria-label={t('channelContent.previewOf', { channel: os === 'ios' ? 'iOS' : 'Android' })}>
        <div className={`${styles.phoneScreen} lock`}>
          {withoutPush ? (
            <p className="muted small">{t('channelContent.push.inboxOnly')}</p>
          ) : (
            <div className={styles.notification} data-testid="push-preview">
              <p className={styles.notificationApp}>
                <span className={styles.appIcon} aria-hidden="true" /> {appName} · {t('channelContent.push.now')}
              </p>
              <div className={styles.notificationMain}>
                <div>
                  <p className={styles.notificationTitle}>{title || t('channelContent.push.title')}</p>
                  {intro && <p className={styles.notificationIntro}>{intro}</p>}
                  {body && <p className={styles.notificationBody}>{body}</p>}
                </div>
                {picture && <img src={picture} alt="" className={styles.notificationThumb} />}
              </div>
              {media.type === 'VIDEO' && media.url && <p className="notification-media">▶ {t('channelContent.push.media.VIDEO')}</p>}
              {buttons.length > 0 && (
                <p className={styles.notificationActions} data-testid="notification-actions">
                  {buttons.map((b, i) => (
                    <span key={i}>{b.text}</span>
                  ))}
                </p>
              )}
            </div>
          )}
        </div>
      </figure>
    </div>
  );
}
