/**
 * Cloud sources in Chromium: an upload source made on /library/cloud-source (the form refuses what the server
 * would, then saves); a Shift_JIS file is uploaded from the list straight to storage, its delivery is held in the
 * history until confirmed, the accounts arrive with their names, and the row that failed its pattern is listed
 * with its row number. axe-core on the list, the form, the history, the confirmation and the records, in en,
 * then the list in zh and ja. An SFTP source's host key, met by its first run, is compared and trusted in its
 * dialog; a role source's dialog shows the external id its trust policy must require. A model reading from a
 * held source shows the source's delivery as its run, and the run's failed row, on the model's own screens.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { uploadThroughLink } from '../support/herald';
import { startSftpServer } from '../support/sftpServer';
import { browserSuite, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();

async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

it('makes an upload source, holds its delivery until confirmed, and lists the failed row', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/cloud-source`);
  await page.getByRole('heading', { name: 'Cloud sources' }).waitFor();
  await page.locator('[data-testid="cloud-source-list"]', { hasText: 'No cloud sources yet.' }).waitFor();
  await expectAccessible(page, 'the empty cloud source list');

  await page.getByRole('button', { name: 'New source' }).click();
  const dialog = page.locator('#cloud-source-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#cloud-title-error').textContent()).toBe('Please input the title!');
  expect(await page.locator('#cloud-host-error').textContent()).toBe('Please input the host!');
  await page.fill('#cloud-title', 'Members drop');
  await choose(page, dialog.locator('.p-dropdown:has(#cloud-sourceType)'), 'Upload');
  await page.fill('#cloud-fileName', 'members_*.csv');
  await choose(page, dialog.locator('.p-dropdown:has(#cloud-encoding)'), 'Shift_JIS');
  await page.check('#cloud-holdForConfirmation');
  // columns: id (digits only), name as first name, e-mail
  await page.fill('#cloud-col-0-regex', '^[0-9]+$');
  await dialog.getByRole('button', { name: 'Add column' }).click();
  await page.fill('#cloud-col-1-columnId', 'name');
  await choose(page, dialog.locator('.p-dropdown:has(#cloud-col-1-fieldType)'), 'First name');
  await dialog.getByRole('button', { name: 'Add column' }).click();
  await page.fill('#cloud-col-2-columnId', 'mail');
  await page.fill('#cloud-col-2-regex', '([');
  await choose(page, dialog.locator('.p-dropdown:has(#cloud-col-2-fieldType)'), 'E-mail address(es)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#cloud-col-2-regex-error').textContent()).toBe('The pattern is not a valid regular expression.');
  expect(await page.locator('#cloud-uniqueIdField-error').textContent()).toBe('Please choose the unique id column!');
  await page.fill('#cloud-col-2-regex', '');
  await choose(page, dialog.locator('.p-dropdown:has(#cloud-uniqueIdField)'), 'id');
  await expectAccessible(page, 'the cloud source form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message-success', { hasText: 'The source "Members drop" was created.' }).waitFor();
  const row = page.locator('[data-testid="cloud-source-list"] tbody tr', { hasText: 'Members drop' });
  await row.waitFor();
  expect(await row.textContent()).toContain('Upload');
  await expectAccessible(page, 'the cloud source list');

  // the file goes from the browser to storage by its link, then the source reads it
  const file = iconv.encode('id,name,mail\r\n101,山田太郎,taro@example.com\r\nx2,佐藤花子,hanako@example.com\r\n103,鈴木一郎,ichiro@example.com\r\n', 'Shift_JIS');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), row.getByRole('button', { name: 'Upload a file to Members drop' }).click()]);
  await chooser.setFiles({ name: 'members_0601.csv', mimeType: 'text/csv', buffer: file });
  await page.locator('.p-toast-message-success', { hasText: 'members_0601.csv was uploaded' }).waitFor();

  await row.getByRole('button', { name: 'History of Members drop' }).click();
  await page.getByRole('heading', { name: 'Cloud source history' }).waitFor();
  const delivery = page.locator('[data-testid="cloud-history"] tbody tr', { hasText: 'members_0601.csv' });
  await delivery.locator('.p-tag', { hasText: 'Held' }).waitFor({ timeout: 30_000 });
  // three rows, one of them refused by the id pattern
  expect((await delivery.locator('td.numeric').allTextContents()).slice(0, 3)).toEqual(['3', '2', '1']);
  await expectAccessible(page, 'the held delivery');

  await delivery.getByRole('button', { name: 'Confirm members_0601.csv' }).click();
  await page.locator('.app-confirm').waitFor();
  await expectAccessible(page, 'the confirmation');
  await page.locator('.app-confirm').getByRole('button', { name: 'Confirm' }).click();
  await delivery.locator('.p-tag', { hasText: 'Confirmed' }).waitFor({ timeout: 30_000 });
  expect((await delivery.locator('td.numeric').allTextContents()).slice(3, 5)).toEqual(['2', '0']);
  const imported = await suite.admin.ok('account.detail', { id: '101' });
  expect(imported.firstName).toBe('山田太郎');
  expect(imported.emails).toEqual(['taro@example.com']);

  await delivery.getByRole('button', { name: 'Failed rows of members_0601.csv' }).click();
  await page.getByRole('heading', { name: 'Cloud source records' }).waitFor();
  const failed = page.locator('[data-testid="cloud-records"] tbody tr');
  await failed.first().waitFor();
  expect(await failed.count()).toBe(1);
  expect(await failed.first().locator('td').first().textContent()).toBe('3');
  await expectAccessible(page, 'the failed rows');

  for (const [lang, title] of [
    ['zh', '云数据源'],
    ['ja', 'クラウドソース'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('herald.lang', l), lang);
    await page.goto(`${suite.herald.portalUrl}#/library/cloud-source`);
    await page.reload();
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await page.locator('[data-testid="cloud-source-list"] tbody tr', { hasText: 'Members drop' }).waitFor();
    await expectAccessible(page, `the cloud source list in ${lang}`);
  }
  await context.close();
});

it('shows the host key a first run met, trusts it, and shows a role source its external id', async () => {
  const sftp = await startSftpServer();
  const { context, page } = await openPage(suite.browser);
  try {
    const base = { fileName: 'members_*.csv', fileColumns: [{ columnId: 'id' }], uniqueIdField: 'id', loopType: 'ONCE', status: 'INACTIVE' };
    const keyed = await suite.admin.ok('cloudSource.save', {
      ...base,
      title: 'Partner server',
      sourceType: 'SFTP',
      host: '127.0.0.1',
      port: sftp.port,
      username: sftp.username,
      password: sftp.password,
    });
    await suite.admin.ok('cloudSource.runNow', { id: keyed.id });
    await expect.poll(async () => (await suite.admin.ok('cloudSource.detail', { id: keyed.id })).pendingHostKey, { timeout: 30_000 }).toBe(sftp.hostKey);
    expect(sftp.attempts).toEqual([]);
    await suite.admin.ok('cloudSource.save', {
      ...base,
      title: 'Partner bucket',
      sourceType: 'S3',
      bucket: 'partner-drop',
      region: 'us-east-1',
      roleArn: 'arn:aws:iam::210987654321:role/HeraldReader',
    });

    await signIn(page, `${suite.herald.portalUrl}#/library/cloud-source`);
    const dialog = page.locator('#cloud-source-dialog');
    await page.locator('[data-testid="cloud-source-list"] tbody tr', { hasText: 'Partner server' }).getByRole('button', { name: 'Edit Partner server' }).click();
    expect(await dialog.locator('#cloud-pendingHostKey').textContent()).toBe(sftp.hostKey);
    await expectAccessible(page, 'the dialog with a host key to trust');
    await dialog.getByRole('button', { name: 'Trust this host key' }).click();
    await page.locator('.p-toast-message-success', { hasText: 'The host key is trusted' }).waitFor();
    expect(await dialog.locator('#cloud-hostKey').textContent()).toBe(sftp.hostKey);
    // the dialog saves over the version the trust made
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.locator('.p-toast-message-success', { hasText: 'The source "Partner server" was saved.' }).waitFor();
    expect((await suite.admin.ok('cloudSource.detail', { id: keyed.id })).hostKey).toBe(sftp.hostKey);

    await page.locator('[data-testid="cloud-source-list"] tbody tr', { hasText: 'Partner bucket' }).getByRole('button', { name: 'Edit Partner bucket' }).click();
    const trust = dialog.locator('[data-testid="cloud-trust"]');
    expect(await dialog.locator('#cloud-externalId').textContent()).toMatch(/^herald-[0-9a-f]{32}$/);
    expect(await trust.textContent()).toContain('sts:ExternalId');
    await expectAccessible(page, 'the dialog of a role source');
  } finally {
    await context.close();
    await sftp.stop();
  }
});

it("opens a model's history from its row, with its source's delivery, and the run's failed rows", async () => {
  const source = await suite.admin.ok('cloudSource.save', {
    title: 'Scores drop',
    sourceType: 'UPLOAD',
    fileName: 'scores_*.csv',
    fileColumns: [{ columnId: 'id', regex: '^[0-9]+$' }],
    uniqueIdField: 'id',
    loopType: 'ONCE',
    status: 'INACTIVE',
    holdForConfirmation: true,
  } as never);
  await suite.admin.ok('model.save', { name: 'Churn score', cloudSourceId: source.id });
  await uploadThroughLink(suite.admin, 'cloudSource.uploadUrl', { id: source.id, fileName: 'scores_0701.csv' }, 'id\r\n201\r\nbad\r\n');
  await suite.admin.ok('cloudSource.runNow', { id: source.id });
  await expect
    .poll(async () => (await suite.admin.ok('cloudSourceHistory.getListByPage', { sourceId: source.id })).list.map((h: { status: string }) => h.status), { timeout: 30_000 })
    .toEqual(['HELD']);

  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/model`);
  // the model's own fields: added on its form, saved with their type and required mark
  await page.locator('button[aria-label="Edit Churn score"]').click();
  const form = page.locator('#model-dialog');
  await form.getByRole('button', { name: 'Add field' }).click();
  await form.getByRole('textbox', { name: 'Name of field 1' }).fill('score');
  await form.locator('.p-dropdown:has(#model-fields-type-0)').click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Number', exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  await form.locator('.p-checkbox:has(#model-fields-required-0)').click();
  await expectAccessible(page, "the model's form with a field");
  await form.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message', { hasText: 'Churn score was saved.' }).waitFor();
  const [model] = (await suite.admin.ok('model.getListByPage', { name: 'Churn score' })).list;
  expect((await suite.admin.ok('model.detail', { id: model.id })).fields).toEqual([{ name: 'score', type: 'NUMBER', required: true }]);
  await page.getByRole('button', { name: 'History of Churn score' }).click();
  await page.getByRole('heading', { name: 'Model history' }).waitFor();
  const run = page.locator('[data-testid="cloud-history"] tbody tr', { hasText: 'scores_0701.csv' });
  await run.locator('.p-tag', { hasText: 'Held' }).waitFor();
  expect((await run.locator('td.numeric').allTextContents()).slice(0, 3)).toEqual(['2', '1', '1']);
  // confirm and skip as on the source; a run is deleted from its source, not from the model
  expect(await run.getByRole('button', { name: 'Confirm scores_0701.csv' }).count()).toBe(1);
  expect(await run.getByRole('button', { name: 'Delete the delivery scores_0701.csv' }).count()).toBe(0);
  await expectAccessible(page, "the model's history");

  await run.getByRole('button', { name: 'Failed rows of scores_0701.csv' }).click();
  await page.getByRole('heading', { name: 'Model records' }).waitFor();
  const failed = page.locator('[data-testid="cloud-records"] tbody tr');
  await failed.first().waitFor();
  expect(await failed.count()).toBe(1);
  expect(await failed.first().locator('td').first().textContent()).toBe('3');
  await expectAccessible(page, "the model run's failed rows");

  // the model's form in Japanese: the saved field's row, and a second field of the same name refused under the list
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.goto(`${suite.herald.portalUrl}#/library/model`);
  await page.reload();
  await page.getByRole('button', { name: 'Churn score を編集' }).click();
  const ja = page.locator('#model-dialog');
  expect(await ja.getByRole('textbox', { name: '項目 1 の名前' }).inputValue()).toBe('score');
  expect(await ja.locator('.p-dropdown:has(#model-fields-type-0) .p-dropdown-label').textContent()).toBe('数値');
  await ja.getByRole('button', { name: '項目を追加' }).click();
  await ja.getByRole('textbox', { name: '項目 2 の名前' }).fill('Score');
  await ja.getByRole('button', { name: '保存' }).click();
  await ja.getByText('同じ項目名が2回指定されています。').waitFor();
  await expectAccessible(page, "the model's form in Japanese, a field named twice");
  expect((await suite.admin.ok('model.detail', { id: model.id })).fields).toHaveLength(1);
  await page.evaluate(() => localStorage.setItem('herald.lang', 'en'));
  await context.close();
});
