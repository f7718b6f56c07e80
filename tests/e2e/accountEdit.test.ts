/**
 * Issue 21 item 7 in a real browser, in Japanese: an account edited on /library/account (a field error shown
 * under its input, then saved), a stale save told as a conflict, the list's total and one column per meaning,
 * names family first and dates in the user's zone, named; phones typed and shown in the organization's national
 * form beside the international one; axe on the list, the detail and the edit form.
 */
import { expect, it } from 'vitest';
import { formatDateTime } from '../../shared/format';
import { createSdkClient } from '../../shared/sdk/client';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

it('edits an account in ja: a field error under its input, the save, a stale save as a conflict', async () => {
  const { admin } = suite;
  const created = await admin.ok('account.save', {
    id: 'edit-1',
    emails: ['edit1@example.com'],
    firstName: '太郎',
    lastName: '山田',
    attributes: { score: 3 },
    vehicles: [{ vin: '1HGCM82633A004352', make: 'Honda', model: 'Accord', year: 2003 }],
    iotDevices: [{ thingId: 'tcu-edit', name: '車載器', type: 'TELEMATICS' }],
  });
  // one track point of its telematics unit, reported by the organization's app
  const car = await admin.ok('application.save', { name: 'Edit car app', appType: 'IOS', bundleId: 'com.example.editcar' });
  const { appKey, secret } = await admin.ok('application.issueSecret', { id: car.id });
  const sdk = createSdkClient({ baseUrl: suite.herald.url, appKey, secret });
  await sdk.events({ accountId: 'edit-1', events: [{ type: 'thing.track', thingId: 'tcu-edit', at: Date.now() - 60_000, properties: { lat: 35.68, lng: 139.76 } }] });
  await admin.ok('account.save', { id: 'edit-2', emails: ['edit2@example.com'] });
  await admin.ok('user.saveProfile', { language: 'ja', timeZone: 'Asia/Tokyo' });
  // the organization's numbers are Japanese: typed without +81 and shown in Japan's national form
  const setting = (await admin.ok('systemSetting.detail', {})).organization;
  await admin.ok('systemSetting.save', { ...setting, defaultCountry: 'JP' });
  try {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, `${suite.herald.portalUrl}#/library/account`);
    await waitForPath(page, '/library/account');
    const list = page.getByTestId('account-list');

    // the total, and no two columns with the same heading
    const { total } = await admin.ok('account.count');
    await page
      .getByTestId('account-total')
      .filter({ hasText: `全 ${total.toLocaleString('en-US')} 件` })
      .waitFor();
    await list.locator('tbody tr', { hasText: 'edit-1' }).waitFor();
    const headings = (await list.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
    expect(new Set(headings).size, headings.join(' | ')).toBe(headings.length);
    expect(headings).toContain('メール配信の同意');
    // family name first, dates in the user's zone with the zone named
    const row = list.locator('tbody tr', { hasText: 'edit-1' });
    expect(await row.textContent()).toContain('山田 太郎');
    expect(await row.textContent()).toContain(formatDateTime(created.dateUpdated, { timeZone: 'Asia/Tokyo' }));
    await expectAccessible(page, 'accounts list (ja)');

    await row.getByRole('button', { name: 'edit-1 を表示' }).click();
    const dialog = page.locator('#account-dialog');
    expect(await dialog.getByTestId('account-name').textContent()).toBe('山田 太郎');
    await dialog
      .getByText(formatDateTime(created.dateCreated, { timeZone: 'Asia/Tokyo' }))
      .first()
      .waitFor();
    await expectAccessible(page, 'account detail (ja)');

    // the IoT tab: the vehicle, the telematics unit and its track point
    await dialog.getByRole('tab', { name: 'IoT' }).click();
    await dialog.getByTestId('account-vehicles').locator('tbody tr', { hasText: '1HGCM82633A004352' }).waitFor();
    expect(await dialog.getByTestId('account-vehicles').locator('tbody tr').textContent()).toContain('Accord');
    expect(await dialog.getByTestId('account-iot-devices').locator('tbody tr').textContent()).toContain('車載器');
    await dialog.getByTestId('account-tracks').locator('tbody tr', { hasText: 'lat: 35.68' }).waitFor();
    expect(await dialog.textContent()).not.toMatch(/account\.iot\./);
    await expectAccessible(page, 'account IoT tab (ja)');

    // a bad phone number: the server's field error under the phones input, nothing saved
    await dialog.getByRole('button', { name: '編集' }).click();
    await dialog.locator('#account-edit-lastName').waitFor();
    await expectAccessible(page, 'account edit form (ja)');
    await page.fill('#account-edit-phones', '090-1234');
    await page.fill('#account-edit-lastName', '佐藤');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.locator('#account-edit-phones-error.p-error').waitFor();
    expect(await page.locator('#account-edit-phones').getAttribute('aria-invalid')).toBe('true');
    expect((await admin.ok('account.detail', { id: 'edit-1' })).version).toBe(1);

    // fixed (a national number): saved, and the detail shows it in the national form beside the international one
    await page.fill('#account-edit-phones', '090-1234-5678\n+86 138 0013 8000');
    await page.fill('#account-edit-attributes', 'score: 7\nplan: gold');
    await page.fill('#account-edit-tags', 'vip, 東京');
    await page.locator('label[for="account-edit-smsConsent"]').click();
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.locator('.p-toast', { hasText: 'アカウント edit-1 を保存しました。' }).waitFor();
    await dialog.getByTestId('account-name').filter({ hasText: '佐藤 太郎' }).waitFor();
    expect(await admin.ok('account.detail', { id: 'edit-1' })).toMatchObject({
      version: 2,
      lastName: '佐藤',
      firstName: '太郎',
      phones: ['+819012345678', '+8613800138000'],
      tags: ['vip', '東京'],
      attributes: { score: 7, plan: 'gold' },
      smsConsent: true,
      emailConsent: false,
      emails: ['edit1@example.com'],
    });
    expect(await dialog.getByTestId('account-phones').textContent()).toBe('090-1234-5678 (+81 90 1234 5678), +86 138 0013 8000');
    await list.locator('tbody tr', { hasText: '佐藤 太郎' }).filter({ hasText: '090-1234-5678 (+81 90 1234 5678)' }).waitFor();

    // someone else saves meanwhile: this save is refused as a conflict and changes nothing
    await dialog.getByRole('button', { name: '編集' }).click();
    const theirs = await admin.ok('account.save', { ...(await admin.ok('account.detail', { id: 'edit-1' })), firstName: '花子' });
    await page.fill('#account-edit-firstName', '次郎');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByTestId('account-conflict').waitFor();
    expect(await admin.ok('account.detail', { id: 'edit-1' })).toMatchObject({ version: theirs.version, firstName: '花子' });
    await context.close();
  } finally {
    await admin.ok('user.saveProfile', { language: 'en' });
    await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail', {})).organization, defaultCountry: setting.defaultCountry });
  }
});
