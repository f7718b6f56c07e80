import { describe, expect, it } from 'vitest';
import * as edits from './draft';
import { newDraft } from './draft';
import { previewEmail, SAMPLE_RECIPIENT } from './preview';
import { NO_ERRORS, validateDraft } from './validation';

function sample() {
  let d = { ...newDraft(), name: 'Welcome' };
  d = edits.setLanguageField(d, 'en', 'subject', 'Hello {{firstName|there}}');
  [d] = edits.addBlock(d, 'en', 'heading');
  [d] = edits.addBlock(d, 'en', 'button');
  return d;
}

describe('validateDraft', () => {
  it('finds nothing wrong with a good draft', () => {
    expect(validateDraft(sample())).toBe(NO_ERRORS);
  });

  it('puts each schema message where the builder shows it', () => {
    let d = edits.addLanguage({ ...sample(), name: '' }, 'ja');
    const button = d.contents.en.blocks[1];
    d = edits.updateBlock(d, 'en', button.id, 'href', 'javascript:alert(1)');
    d = edits.updateBlock(d, 'en', button.id, 'backgroundColor', 'blue');
    d = edits.setLanguageField(d, 'ja', 'subject', '');
    d = { ...d, theme: { ...d.theme, primaryColor: '#12' } };
    const errors = validateDraft(d);
    expect(errors.fields).toEqual({ name: 'Please input the name!', 'theme.primaryColor': 'Invalid HEX color format' });
    expect(errors.languages).toEqual({ ja: { subject: 'Please input the subject!' } });
    expect(errors.blocks[button.id]).toEqual({
      href: 'Please enter a full link for the href (http, https, mailto or tel).',
      backgroundColor: 'Invalid HEX color format',
    });
    expect(errors.count).toBe(5);
    // the same problems in a ja or zh portal: the schema's English sentences are not shown as they are
    const ja = validateDraft(d, 'ja');
    expect(ja.fields).toEqual({ name: '名前を入力してください！', 'theme.primaryColor': 'HEX カラーの形式が正しくありません' });
    expect(ja.languages).toEqual({ ja: { subject: '件名を入力してください！' } });
    expect(ja.blocks[button.id]).toEqual({
      href: 'リンク先には完全なリンク（http、https、mailto、tel）を入力してください。',
      backgroundColor: 'HEX カラーの形式が正しくありません',
    });
    expect(validateDraft(d, 'zh').blocks[button.id]).toEqual({ href: '请为链接地址输入完整链接（http、https、mailto 或 tel）。', backgroundColor: 'HEX 颜色格式无效' });
  });
});

describe('previewEmail', () => {
  it('renders the language through the one renderer, personalised or with fallbacks', () => {
    let d = sample();
    d = edits.updateBlock(d, 'en', d.contents.en.blocks[0].id, 'text', 'Hi {{firstName|friend}}');
    const personal = previewEmail(d, 'en', SAMPLE_RECIPIENT);
    expect(personal.subject).toBe('Hello Alex');
    expect(personal.html).toContain('Hi Alex');
    expect(personal.html).toContain('max-width:600px');
    expect(personal.html).toContain('https://example.com/unsubscribe');
    expect(previewEmail(d, 'en', null).html).toContain('Hi friend');
  });

  it('shows a block that does not pass its schema as the renderer reads it, never as markup', () => {
    let d = sample();
    d = edits.updateBlock(d, 'en', d.contents.en.blocks[1].id, 'href', 'javascript:alert(1)');
    d = edits.updateBlock(d, 'en', d.contents.en.blocks[0].id, 'text', '<img src=x onerror=alert(1)>');
    const { html } = previewEmail(d, 'en', null);
    expect(html).not.toMatch(/javascript:|<img src=x/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Learn more');
  });
});
