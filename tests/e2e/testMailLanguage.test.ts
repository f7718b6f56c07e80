/** The wizard's test card sends a test mail in a chosen content language, or one a language (issue 21 item 7). */
import { expect, it } from 'vitest';
import { sentMail } from '../support/herald';
import { browserSuite, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();

it('sends the test mail in the chosen language, or one per language', async () => {
  const { admin } = suite;
  // the run's mail stand-in holds every file's mail to the administrator: this test's subjects carry a tag of its own
  const tag = Math.random().toString(36).slice(2, 8);
  const draft = await admin.ok('plan.saveSingle', {
    name: 'Bilingual',
    title: 'Bilingual',
    channel: 'EMAIL',
    content: { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { subject: `Hello ${tag}` }, ja: { subject: `こんにちは ${tag}` } } } },
  });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/campaigns/new-single?id=${draft.id}&step=review`);
  await page.locator('#test-language').waitFor();
  await expectAccessible(page, 'review step with the test language');
  const mine = async () => (await sentMail(suite.herald)).filter((m) => m.destination.to.includes('admin@herald.local') && m.subject.endsWith(tag)).map((m) => m.subject);

  const pick = async (option: string) => {
    await page.locator('.p-dropdown:has(#test-language)').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: option }).first().click();
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  };
  await page.fill('#test-addresses', 'admin@herald.local');
  await pick('ja');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect.poll(mine).toEqual([`[TEST] こんにちは ${tag}`]);
  await pick('All 2 languages');
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect.poll(async () => (await mine()).sort()).toEqual([`[TEST en] Hello ${tag}`, `[TEST ja] こんにちは ${tag}`, `[TEST] こんにちは ${tag}`]);
  await context.close();
});
