/** LINE content: one to five messages (text, image, buttons) sent together, and a chat preview of them. */
import { RowAction } from '../../../components/list/RowAction';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { LINE_LIMITS, LINE_MESSAGES_MAX } from '../../../../../shared/content';
import { personalizeText, type Recipient, safeUrl } from '../../../../../shared/render';
import { FieldError, TextField } from '../../../components/TextField';
import { AreaField, type EditorProps, FieldRows, list, patchAt, SelectField, text } from './fields';
import styles from './channel.module.css';

type Action = { label: string; uri: string };
type Message = Record<string, unknown> & { type: 'text' | 'image' | 'buttons' };
const TYPES = ['text', 'image', 'buttons'] as const;

function blank(type: Message['type']): Message {
  if (type === 'image') return { type, originalContentUrl: '', previewImageUrl: '' };
  if (type === 'buttons') return { type, altText: '', thumbnailImageUrl: '', title: '', text: '', actions: [{ label: '', uri: '' }] };
  return { type, text: '' };
}

export function LineEditor({ content, set, error, idPrefix }: EditorProps) {
  const { t } = useTranslation();
  const messages = list<Message>(content.messages);
  const put = (i: number, m: Message, key: string) => set({ messages: messages.map((x, j) => (j === i ? m : x)) }, `messages.${i}.${key}`);
  const move = (i: number, to: number) => {
    const next = [...messages];
    const [m] = next.splice(i, 1);
    next.splice(to, 0, m!);
    set({ messages: next }, 'messages');
  };
  return (
    <div className={styles.lineEditor}>
      {messages.map((m, i) => {
        const id = (name: string) => `${idPrefix}-m${i}-${name}`;
        const err = (path: string) => error(`messages.${i}.${path}`);
        const actions = list<Action>(m.actions);
        return (
          <fieldset key={i} className={styles.subForm}>
            <legend>{t('channelContent.line.message', { n: i + 1, count: messages.length })}</legend>
            <div className="form-grid">
              <SelectField
                id={id('type')}
                label={t('channelContent.line.type')}
                value={m.type}
                options={TYPES.map((value) => ({ value, label: t(`channelContent.line.types.${value}`) }))}
                onChange={(v) => put(i, blank(v), 'type')}
              />
              <div className={styles.itemActions}>
                <RowAction icon="pi pi-arrow-up" label={t('channelContent.line.moveUp', { n: i + 1 })} disabled={i === 0} onClick={() => move(i, i - 1)} />
                <RowAction icon="pi pi-arrow-down" label={t('channelContent.line.moveDown', { n: i + 1 })} disabled={i === messages.length - 1} onClick={() => move(i, i + 1)} />
                <RowAction
                  icon="pi pi-trash"
                  severity="danger"
                  label={t('channelContent.line.remove', { n: i + 1 })}
                  disabled={messages.length === 1}
                  onClick={() => set({ messages: messages.filter((_, j) => j !== i) }, 'messages')}
                />
              </div>
              {m.type === 'text' && (
                <AreaField
                  id={id('text')}
                  className="span-2"
                  label={t('channelContent.line.text')}
                  value={text(m.text)}
                  maxLength={LINE_LIMITS.text}
                  error={err('text')}
                  hint={t('channelContent.personalHint', { token: '{{firstName|there}}' })}
                  onChange={(v) => put(i, { ...m, text: v }, 'text')}
                />
              )}
              {m.type === 'image' && (
                <>
                  <TextField
                    id={id('original')}
                    label={t('channelContent.line.image')}
                    value={text(m.originalContentUrl)}
                    placeholder="https://"
                    error={err('originalContentUrl')}
                    onChange={(v) => put(i, { ...m, originalContentUrl: v }, 'originalContentUrl')}
                  />
                  <TextField
                    id={id('preview')}
                    label={t('channelContent.line.previewImage')}
                    value={text(m.previewImageUrl)}
                    placeholder="https://"
                    error={err('previewImageUrl')}
                    onChange={(v) => put(i, { ...m, previewImageUrl: v }, 'previewImageUrl')}
                  />
                </>
              )}
              {m.type === 'buttons' && (
                <>
                  <TextField
                    id={id('alt')}
                    label={t('channelContent.line.altText')}
                    value={text(m.altText)}
                    maxLength={LINE_LIMITS.altText}
                    error={err('altText')}
                    hint={t('channelContent.line.altHint')}
                    onChange={(v) => put(i, { ...m, altText: v }, 'altText')}
                  />
                  <TextField
                    id={id('title')}
                    label={t('channelContent.line.title')}
                    value={text(m.title)}
                    maxLength={LINE_LIMITS.title}
                    error={err('title')}
                    onChange={(v) => put(i, { ...m, title: v }, 'title')}
                  />
                  <TextField
                    id={id('thumb')}
                    label={t('channelContent.line.picture')}
                    value={text(m.thumbnailImageUrl)}
                    placeholder="https://"
                    error={err('thumbnailImageUrl')}
                    onChange={(v) => put(i, { ...m, thumbnailImageUrl: v }, 'thumbnailImageUrl')}
                  />
                  <AreaField
                    id={id('btext')}
                    label={t('channelContent.line.text')}
                    value={text(m.text)}
                    rows={2}
                    maxLength={LINE_LIMITS.buttonText}
                    error={err('text')}
                    onChange={(v) => put(i, { ...m, text: v }, 'text')}
                  />
                  <FieldRows
                    items={actions}
                    rowClassName="span-2"
                    row={(a, k) => (
                      <>
                        <TextField
                          id={id(`a${k}-label`)}
                          label={t('channelContent.line.actionLabel', { n: k + 1 })}
                          value={a.label}
                          maxLength={LINE_LIMITS.label}
                          error={err(`actions.${k}.label`)}
                          onChange={(v) => put(i, { ...m, actions: patchAt(actions, k, { label: v }) }, `actions.${k}.label`)}
                        />
                        <TextField
                          id={id(`a${k}-uri`)}
                          label={t('channelContent.line.actionLink', { n: k + 1 })}
                          value={a.uri}
                          placeholder="https://"
                          error={err(`actions.${k}.uri`)}
                          onChange={(v) => put(i, { ...m, actions: patchAt(actions, k, { uri: v }) }, `actions.${k}.uri`)}
                        />
                      </>
                    )}
                    removeLabel={(k) => t('channelContent.line.removeAction', { n: k + 1 })}
                    minimum={1}
                    onRemove={(k) => put(i, { ...m, actions: actions.filter((_, j) => j !== k) }, 'actions')}
                    errorId={id('actions-error')}
                    error={err('actions')}
                    addLabel={t('channelContent.line.addAction')}
                    maximum={LINE_LIMITS.actions}
                    onAdd={() => put(i, { ...m, actions: [...actions, { label: '', uri: '' }] }, 'actions')}
                  />
                </>
              )}
            </div>
          </fieldset>
        );
      })}
      <FieldError id={`${idPrefix}-messages-error`} text={error('messages')} />
      <Button
        type="button"
        icon="pi pi-plus"
        outlined
        label={t('channelContent.line.add')}
        disabled={messages.length >= LINE_MESSAGES_MAX}
        onClick={() => set({ messages: [...messages, blank('text')] }, 'messages')}
      />
    </div>
  );
}

export function LinePreview({ content, recipient }: { content: Record<string, unknown>; recipient: Recipient }) {
  const { t } = useTranslation();
  const messages = list<Message>(content.messages);
  const image = (url: unknown) => safeUrl(text(url), 'image');
  return (
    <figure className={styles.phoneFrame} aria-label={t('channelContent.previewOf', { channel: 'LINE' })}>
      <div className={`${styles.phoneScreen} chat line`} data-testid="line-preview">
        {messages.map((m, i) => {
          if (m.type === 'text')
            return text(m.text).trim() ? (
              <p key={i} className={`${styles.bubble} incoming`}>
                {personalizeText(text(m.text), recipient)}
              </p>
            ) : null;
          if (m.type === 'image') {
            const src = image(m.previewImageUrl) ?? image(m.originalContentUrl);
            return src ? <img key={i} className={styles.bubbleImage} src={src} alt="" /> : null;
          }
          const thumb = image(m.thumbnailImageUrl);
          return (
            <div key={i} className={styles.lineCard} data-testid="line-card">
              {thumb && <img src={thumb} alt="" />}
              {text(m.title) && <p className={styles.lineCardTitle}>{text(m.title)}</p>}
              <p>{personalizeText(text(m.text), recipient)}</p>
              {list<Action>(m.actions).map((a, k) => (
                <p key={k} className={styles.lineCardAction}>
                  {a.label}
                </p>
              ))}
            </div>
          );
        })}
      </div>
    </figure>
  );
}
