/**
 * /library/message/template: the email builder, or for `?channel=PUSH_NATIVE|SMS|LINE|DIRECT_MAIL` the editor of
 * that channel's content. Each editor moves a template it opens to its own channel's editor.
 */
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { isContentChannel } from './channel/channelDraft';

const EmailBuilder = lazy(() => import('./TemplateBuilderPage'));
const ChannelEditor = lazy(() => import('./channel/ChannelTemplatePage'));

export default function TemplateEditorPage() {
  const [params] = useSearchParams();
  const channel = params.get('channel');
  const id = params.get('id');
  return <Suspense fallback={<PageSpinner />}>{isContentChannel(channel) ? <ChannelEditor key={channel} channel={channel} id={id} /> : <EmailBuilder />}</Suspense>;
}
