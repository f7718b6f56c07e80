/**
 * Segment tags in Chromium: a tag made on /segmentTag (an attribute with a list of allowed values) is offered in
 * the segment editor, with only its type's operators and its values as choices; the segment saved names the
 * attribute and has the right live size. axe-core on the tag screen and the editor.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

it('offers a tag with its operators and allowed values, and the segment counts right', async () => {
  for (const [id, plan] of [
    ['t1', 'gold'],
    ['t2', 'gold'],
    ['t3', 'silver'],
  ] as const) {
    await suite.admin.ok('account.save', { id, emails: [`${id}@example.com`], attributes: { plan } });
  }
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);

  await page.goto(`${suite.herald.portalUrl}#/segmentTag`);
  await page.getByRole('heading', { name: 'Segment tags' }).waitFor();
  await page.getByRole('button', { name: 'New segment tag' }).click();
  await page.fill('#segmentTag-name', 'Plan');
  await page.fill('#segmentTag-code', 'plan');
  await choose(page, page.locator('.p-dropdown:has(#segmentTag-valueType)'), 'One of a list');
  await page.fill('#segmentTag-columnName', 'plan');
  await choose(page, page.locator('.p-dropdown:has(#segmentTag-allowValueSource)'), 'The list below');
  await page.fill('#segmentTag-allowValues', 'gold, silver, bronze');
  await page.locator('#segmentTag-dialog').getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#segmentTag-columnName-error').textContent()).toContain('attributes.<name>');
  await page.fill('#segmentTag-columnName', 'attributes.plan');
  await expectAccessible(page, 'the segment tag form');
  await page.locator('#segmentTag-dialog').getByRole('button', { name: 'Save' }).click();
  await page.locator('[data-testid="segmentTag-list"] tbody tr', { hasText: 'Plan' }).waitFor();
  await expectAccessible(page, 'the segment tag list');

  await page.goto(`${suite.herald.portalUrl}#/library/segment/create-segment`);
  await page.fill('#segment-name', 'Gold plan');
  const first = page.locator('[data-condition="1"]');
  await choose(page, first.locator('.p-dropdown').first(), 'Tag: Plan');
  // an ENUM tag: equality and lists only, and its values as choices
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  await first.locator('.p-dropdown').nth(1).click();
  const operators = await page.locator('.p-dropdown-panel [role="option"]').allTextContents();
  await page.keyboard.press('Escape');
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  expect(operators.length).toBe(6);
  await choose(page, first.locator('.p-dropdown').nth(2), 'gold');
  const size = page.locator('[data-testid="segment-size"] [data-count]');
  await expect.poll(() => size.getAttribute('data-count'), { timeout: 15_000 }).toBe('2');
  // counted from the audience snapshot: the size says how fresh it is
  expect(await page.getByTestId('segment-size-freshness').textContent()).toMatch(/^Exact as of .+, from the audience snapshot \(\d+ account changes since it was built\)\.$/);
  await expectAccessible(page, 'the segment editor with a tag');
  await page.getByRole('button', { name: 'Save' }).click();
  await waitForPath(page, '/library/segment');
  const saved = (await suite.admin.ok('segment.getListByPage', { page: 0, size: 10 })).list.find((s: { name: string }) => s.name === 'Gold plan')!;
  expect((await suite.admin.ok('segment.detail', { id: saved.id })).rule).toMatchObject({ conditions: [{ field: 'attributes.plan', operator: 'equals', value: 'gold' }] });
  await context.close();
});
