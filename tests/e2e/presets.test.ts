/**
 * Preset parameters in Chromium: a parameter made in the generic form on /library/preset-parameter; a file
 * without the primary key is refused before it is sent (the spec's rule); a good file uploads, loads in the
 * background and is followed to its count; its values are listed, found by key, and one is added in the form.
 * axe-core on the list, the form, the values and the value dialog, in en, then the list in zh and ja.
 */
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

it('makes a parameter, refuses a file without its key, loads a good one and edits a value', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/preset-parameter`);
  await page.getByRole('heading', { name: 'Preset parameters' }).waitFor();
  await page.locator('[data-testid="presetParameter-list"]', { hasText: 'No preset parameters yet.' }).waitFor();

  await page.getByRole('button', { name: 'New preset parameter' }).click();
  const dialog = page.locator('#presetParameter-dialog');
  await page.fill('#presetParameter-title', 'Stores');
  await page.fill('#presetParameter-variable', '1store');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#presetParameter-variable-error').textContent()).toContain('starts with a letter');
  expect(await page.locator('#presetParameter-primaryKey-error').textContent()).toBe('Please input the primary key!');
  await page.fill('#presetParameter-variable', 'store');
  await page.fill('#presetParameter-primaryKey', 'store_id');
  await expectAccessible(page, 'the preset parameter form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const row = page.locator('[data-testid="presetParameter-list"] tbody tr', { hasText: 'Stores' });
  await row.waitFor();
  expect(await row.textContent()).toContain('Not loaded');
  await expectAccessible(page, 'the preset parameter list');

  // the header is checked in the browser: nothing is sent
  let [chooser] = await Promise.all([page.waitForEvent('filechooser'), row.getByRole('button', { name: 'Upload a file to Stores' }).click()]);
  await chooser.setFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('code,name\nS1,Shibuya\n') });
  await page.locator('.p-toast-message-error', { hasText: 'The primary key "store_id" must match a field of the file (code, name).' }).waitFor();

  [chooser] = await Promise.all([page.waitForEvent('filechooser'), row.getByRole('button', { name: 'Upload a file to Stores' }).click()]);
  await chooser.setFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from('store_id,name,hours\nS1,Shibuya,10-20\nS2,Umeda,11-21\n') });
  await page.locator('.p-toast-message-success', { hasText: 'Stores: 4 values loaded from stores.csv.' }).waitFor({ timeout: 30_000 });
  await expect.poll(() => row.textContent()).toContain('Loaded');

  await row.getByRole('button', { name: 'Values of Stores' }).click();
  await page.getByRole('heading', { name: 'Preset parameter records' }).waitFor();
  const values = page.locator('[data-testid="preset-records"] tbody tr');
  await expect.poll(() => values.count()).toBe(4);
  await expect.poll(() => page.getByText('In a message: {{preset.store.<alias>}}').count()).toBe(1);
  await page.fill('#preset-key-search', 'S2');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect.poll(() => values.allTextContents()).toEqual([expect.stringContaining('11-21'), expect.stringContaining('Umeda')]);
  await expectAccessible(page, 'the preset values');

  await page.getByRole('button', { name: 'Add value' }).click();
  const form = page.locator('#preset-record-dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#preset-record-key-error').textContent()).toBe('Please input the key!');
  await page.fill('#preset-record-key', 'S2');
  await page.fill('#preset-record-alias', 'phone');
  await page.fill('#preset-record-value', '06-0000-0000');
  await expectAccessible(page, 'the value dialog');
  await form.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message-success', { hasText: 'phone of S2 was saved.' }).waitFor();
  await expect.poll(() => values.count()).toBe(3);

  for (const [lang, title] of [
    ['zh', '预设参数'],
    ['ja', 'プリセットパラメータ'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('herald.lang', l), lang);
    await page.goto(`${suite.herald.portalUrl}#/library/preset-parameter`);
    await page.reload();
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await page.locator('[data-testid="presetParameter-list"] tbody tr', { hasText: 'Stores' }).waitFor();
    await expectAccessible(page, `the preset parameter list in ${lang}`);
  }
  await context.close();
});

it('builds a preset from a preset template in ja and inserts it into an email template', async () => {
  // set up through the API: a parameter with a value, a category and a preset template
  const admin = suite.admin;
  const param = await admin.ok('presetParameter.save', { title: 'Shops', variable: 'shop', primaryKey: 'shop_id' });
  await admin.ok('presetRecord.save', { parameterId: param.id, key: 'S1', alias: 'name', value: '渋谷店' });
  const category = await admin.ok('presetCategory.save', { name: 'あいさつ' });
  await admin.ok('preset.save', {
    name: 'Welcome template',
    categoryId: category.id,
    isTemplate: true,
    defaultLanguage: 'ja',
    contents: { ja: { subject: 'ようこそ', blocks: [{ type: 'paragraph', text: 'ようこそ' }] } },
  });

  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.goto(`${suite.herald.portalUrl}#/library/preset`);
  await page.reload();
  await page.getByRole('heading', { name: 'プリセット', exact: true }).waitFor();
  const row = page.locator('[data-testid="preset-list"] tbody tr', { hasText: 'Welcome template' });
  await row.waitFor();
  await expect.poll(() => row.textContent()).toContain('あいさつ');
  expect(await row.textContent()).toContain('すべてのチャネル');
  await expectAccessible(page, 'the preset list in ja');

  // the builder, from the template: its block comes along
  await row.getByRole('button', { name: 'Welcome template から新しいプリセットを作成' }).click();
  await page.getByText('プリセットテンプレート Welcome template から作成しています。').waitFor();
  await expect.poll(() => page.locator('.block-item').count()).toBe(1);
  await page.fill('#preset-name', '店舗あいさつ');

  // add a block, undo it (button) and redo it (keyboard), move it up, remove it again
  const undo = page.getByRole('button', { name: '元に戻す', exact: true });
  const redo = page.getByRole('button', { name: 'やり直す', exact: true });
  await page.click('.palette-list button[data-block-type="heading"]');
  await expect.poll(() => page.locator('.block-item .block-name').allTextContents()).toEqual(['段落 1', '見出し 2']);
  await undo.click();
  await expect.poll(() => page.locator('.block-item .block-name').allTextContents()).toEqual(['段落 1']);
  expect(await page.inputValue('#preset-name')).toBe('店舗あいさつ');
  await page.keyboard.press('Control+Shift+Z');
  await expect.poll(() => page.locator('.block-item .block-name').allTextContents()).toEqual(['段落 1', '見出し 2']);
  expect(await redo.isDisabled()).toBe(true);
  await page.getByRole('button', { name: '見出し 2 を上へ移動' }).click();
  await expect.poll(() => page.locator('.block-item .block-name').allTextContents()).toEqual(['見出し 1', '段落 2']);
  await page.getByRole('button', { name: '見出し 1 を削除' }).click();
  await expect.poll(() => page.locator('.block-item .block-name').allTextContents()).toEqual(['段落 1']);

  // a parameter with its default value, its token put into the selected paragraph
  await page.getByRole('button', { name: 'パラメータを追加' }).click();
  await page.locator('.p-dropdown:has(#preset-param-0)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Shops (shop)' }).click();
  await page.fill('#preset-alias-0', 'name');
  await page.fill('#preset-default-0', '当店');
  await page.locator('.block-item .block-name').first().click();
  await page.getByRole('button', { name: '{{preset.shop.name}} を挿入' }).click();
  // the live preview shows the default a recipient without a value reads
  await expect.poll(() => page.frameLocator('[data-testid="template-preview"]').locator('body').textContent()).toContain('ようこそ当店');
  // with the undo and redo buttons in its header
  await expectAccessible(page, 'the preset builder in ja');
  await page.getByRole('button', { name: '保存' }).click();
  await page.locator('.p-toast-message-success', { hasText: '店舗あいさつ を保存しました。' }).waitFor();
  await waitForPath(page, '/library/preset/builder');
  const saved = (await admin.ok('preset.getAll')).find((p: { name: string }) => p.name === '店舗あいさつ');
  expect(saved).toMatchObject({ isTemplate: false, categoryId: category.id, parameters: [{ parameterId: param.id, alias: 'name', defaultValue: '当店' }] });
  expect(saved.contents.ja.blocks[0].text).toBe('ようこそ{{preset.shop.name}}');

  // picked in the email template builder: its block and subject go into the current language
  await page.goto(`${suite.herald.portalUrl}#/library/message/template`);
  await page.getByRole('button', { name: 'プリセットを挿入' }).click();
  const dialog = page.locator('#preset-picker');
  await page.locator('.p-dropdown:has(#preset-picker-choice)').click();
  const options = page.locator('.p-dropdown-item');
  // presets, not the templates of presets
  await expect.poll(() => options.allTextContents()).toEqual(['店舗あいさつ']);
  await options.first().click();
  await expectAccessible(page, 'the preset picker in ja');
  await dialog.getByRole('button', { name: '挿入' }).click();
  await page.locator('.p-toast-message-success', { hasText: '店舗あいさつ を挿入しました。' }).waitFor();
  await expect.poll(() => page.locator('.block-item').count()).toBe(1);
  expect(await page.inputValue('#template-subject')).toBe('ようこそ');
  await expect.poll(() => page.frameLocator('[data-testid="template-preview"]').locator('body').textContent()).toContain('ようこそ当店');
  // the mail's web version, chosen on the ja screen: the line shows above the content in the preview, in the
  // content's language (this template's is English)
  await page.getByText('Web 版へのリンク（ブラウザで表示）').click();
  await page.frameLocator('[data-testid="template-preview"]').getByRole('link', { name: 'View in browser' }).waitFor();
  await expectAccessible(page, 'the template builder with a web version line in ja');

  // and in the campaign wizard's content step: the preset's block after the message's own, its subject kept
  const draft = await admin.ok('plan.saveSingle', {
    name: 'プリセットの案内',
    title: 'プリセットの案内',
    channel: 'EMAIL',
    content: { kind: 'EMAIL', template: { defaultLanguage: 'ja', contents: { ja: { subject: '秋のお知らせ', preheader: '', blocks: [{ type: 'heading', text: 'お知らせ' }] } } } },
  });
  await page.goto(`${suite.herald.portalUrl}#/campaigns/new-single?id=${draft.id}&step=content`);
  await expect.poll(() => page.locator('.block-item').count()).toBe(1);
  await page.getByRole('button', { name: 'プリセットを挿入' }).click();
  await page.locator('.p-dropdown:has(#preset-picker-choice)').click();
  await page.locator('.p-dropdown-item', { hasText: '店舗あいさつ' }).click();
  await page.locator('#preset-picker').getByRole('button', { name: '挿入' }).click();
  await page.locator('.p-toast-message-success', { hasText: '店舗あいさつ を挿入しました。' }).waitFor();
  await expect.poll(() => page.locator('.block-item').count()).toBe(2);
  expect(await page.inputValue('#template-subject')).toBe('秋のお知らせ');
  await expect.poll(() => page.frameLocator('[data-testid="template-preview"]').locator('body').textContent()).toMatch(/お知らせ[\s\S]*ようこそ当店/);
  await expectAccessible(page, "the wizard's content step with an inserted preset in ja");
  await context.close();
});
