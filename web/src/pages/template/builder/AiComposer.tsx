/**
 * The AI message composer (aiBot.templateMessage, for holders of the template aiBuilder permission): a request in
 * the user's words becomes the template's content in the brand's voice and colours, in every language the
 * template has. The answer is ordinary content of the template's channel (builder blocks for email; title and
 * body, text or messages for push, SMS and LINE): the editor edits, previews and saves it as any other.
 */
import { DEFAULT_CHANNEL } from '../../../../../shared/delivery';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AiComposerChannel, MESSAGE_GENERATE_SUCCESS, type Result } from '../../../../../shared/services';
import { call } from '../../../api/client';
import { useSession } from '../../../api/hooks';
import { TextAreaField } from '../../../components/Field';
import { FormDialog } from '../../../components/FormDialog';
import { useSave } from '../../../components/useSave';
import '../../../i18n/areas/brandVoice';

export type ComposedTemplate = Result<'aiBot.templateMessage'>['template'];

export function AiComposer({
  languages,
  defaultLanguage,
  channel = DEFAULT_CHANNEL,
  onComposed,
}: {
  languages: string[];
  defaultLanguage: string;
  channel?: AiComposerChannel;
  onComposed: (template: ComposedTemplate) => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const { busy, save } = useSave();
  if (!session?.userdetails.rolePermissions.includes('TEMPLATE_AI_BUILDER')) return null;

  async function compose() {
    const done = await save(
      async () => {
        const answer = await call('aiBot.templateMessage', { prompt, languages: languages.slice(0, 5), defaultLanguage, channel });
        onComposed(answer.template);
      },
      t('composer.success', { defaultValue: MESSAGE_GENERATE_SUCCESS }),
    );
    if (done) setOpen(false);
  }

  return (
    <>
      <Button type="button" outlined icon="pi pi-sparkles" label={t('composer.open')} onClick={() => setOpen(true)} data-testid="ai-composer-open" />
      <FormDialog id="ai-composer" header={t('composer.title')} visible={open} onHide={() => setOpen(false)} onSubmit={compose} busy={busy} submitLabel={t('composer.generate')}>
        <p className="muted">{t('composer.intro', { languages: languages.join(', ') })}</p>
        <TextAreaField id="ai-composer-prompt" label={t('composer.prompt')} value={prompt} rows={4} maxLength={1000} required onChange={setPrompt} />
      </FormDialog>
    </>
  );
}
