import { LINE_LIMITS } from '../../../shared/content/line';
import { type Composer, cut, titleOf } from '../composer';

export const composeLine: Composer = (draft, link) => {
  const title = titleOf(draft);
  return {
    messages: [
      { type: 'text', text: cut([title, ...draft.paragraphs.filter(Boolean)].join('\n\n'), LINE_LIMITS.text) },
      ...(draft.cta && link
        ? [
            {
              type: 'buttons',
              altText: cut(title, LINE_LIMITS.altText),
              text: cut(title, LINE_LIMITS.buttonTextWithHeader),
              actions: [{ label: cut(draft.cta, LINE_LIMITS.label), uri: link }],
            },
          ]
        : []),
    ],
  };
};
