import { type Composer, cut, titleOf } from '../composer';

/** A text message kept to two or so parts (GSM 7-bit parts hold 153 characters; a Japanese text's part 67). */
const SMS_COMPOSED_MAX = 300;

export const composeSms: Composer = (draft, link) => ({
  text: cut([titleOf(draft), draft.paragraphs.filter(Boolean)[0] ?? '', draft.cta && link ? `${draft.cta}: ${link}` : ''].filter(Boolean).join('\n'), SMS_COMPOSED_MAX),
  stopFooter: true,
});
