import { PUSH_LIMITS } from '../../../shared/content/push';
import { type Composer, cut, titleOf } from '../composer';

export const composePush: Composer = (draft, link) => ({
  contentType: 'text',
  title: cut(titleOf(draft), PUSH_LIMITS.title),
  body: cut(draft.paragraphs.filter(Boolean).join('\n\n'), PUSH_LIMITS.body),
  buttons: draft.cta && link ? [{ text: cut(draft.cta, PUSH_LIMITS.buttonText), action: 'WEBSITE', value: link }] : [],
});
