/**
 * The campaign builder in Chromium, in Japanese, by the keyboard alone: a message, a wait and an exit are added,
 * connected and edited, a step added by mistake is deleted after its question, and the campaign saved through
 * plan.saveDynamic is the journey the keys built. axe-core on the canvas and on the question.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

/** Chooses `option` of the dropdown whose combobox is `#id`: Enter opens it, arrows move, Enter chooses. */
async function pick(page: Page, id: string, option: string): Promise<void> {
  await page.locator(`#${id}`).focus();
  const panel = page.locator('.p-dropdown-panel');
  // a dropdown whose options are still loading ignores Enter: on a busy runner, press it again until it opens
  for (let tries = 0; tries < 5 && !(await panel.isVisible()); tries++) {
    await page.keyboard.press('Enter');
    await panel.waitFor({ timeout: 2_000 }).catch(() => undefined);
  }
  await panel.waitFor();
  // arrows move only over options that are there: wait for the one wanted (a list still loading has none)
  await panel.getByRole('option', { name: option, exact: true }).waitFor();
  // read at once: a panel that opens with no option focused yet has none to wait for (textContent would wait 10 s)
  const focused = async () => (await panel.locator('[data-p-focused="true"]').evaluateAll((found) => found[0]?.textContent ?? null))?.trim();
  // down the list from where it opened, then up (it opens on the chosen option)
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let i = 0; i < 12 && (await focused()) !== option; i++) await page.keyboard.press(key);
  }
  expect(await focused()).toBe(option);
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached' });
}

/** Types into the field `#id` after focusing it, as Tab would. */
async function type(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

/** Presses the button named `name` with the keyboard. */
async function press(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

it('builds a journey on the canvas with the keyboard only, in Japanese', async () => {
  await suite.admin.ok('templateMessage.save', {
    name: 'ようこそメール',
    template: { defaultLanguage: 'ja', contents: { ja: { subject: 'ようこそ', blocks: [{ type: 'heading', text: 'こんにちは' }] } } },
  });
  await suite.admin.ok('segment.save', { name: '全員', rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] } });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.goto(`${suite.herald.portalUrl}#/builder`);
  await page.reload();
  await page.getByRole('heading', { name: 'ステップ', exact: true }).waitFor();

  await type(page, 'journey-name', 'ウェルカムジャーニー');
  await pick(page, 'journey-segment', '全員');
  // message, wait, exit, and a branch added by mistake
  for (const kind of ['メッセージ', '待機', '終了', '分岐']) {
    await pick(page, 'journey-add-type', kind);
    await press(page, 'ステップを追加');
  }
  // the new step's name field has the focus: the keyboard carries on there
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('step-s4-name');
  await pick(page, 'step-s1-template', 'ようこそメール');
  await pick(page, 'step-s1-next', '待機 (s2)');
  await type(page, 'step-s2-name', '一日待つ');
  await page.locator('#step-s2-minutes').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1440');
  await pick(page, 'step-s2-next', '終了 (s3)');
  await expectAccessible(page, 'the builder canvas in Japanese');

  // the branch goes, after its question (which starts on Cancel)
  await page.locator('section[data-type="BRANCH"]').getByRole('button', { name: 'ステップを削除' }).focus();
  await page.keyboard.press('Enter');
  const question = page.locator('.app-confirm');
  await question.waitFor();
  await expectAccessible(page, 'the delete question');
  expect(await question.textContent()).toContain('分岐 (s4)');
  await question.getByRole('button', { name: '削除', exact: true }).focus();
  await page.keyboard.press('Enter');
  await question.waitFor({ state: 'detached' });
  expect(await page.locator('section[data-type="BRANCH"]').count()).toBe(0);

  await press(page, '下書きを保存');
  await waitForPath(page, '/campaigns/detail');
  await closeToasts(page);
  const plans = await suite.admin.ok('plan.getCateByPage', { page: 0, size: 50, filter: 'DRAFT' });
  const saved = plans.list.find((p: { name: string }) => p.name === 'ウェルカムジャーニー')!;
  const plan = await suite.admin.ok('plan.detail', { id: saved.id });
  expect(plan.type).toBe('BUILDER');
  expect(plan.journey).toMatchObject({
    entry: 's1',
    repeat: 'ONCE',
    steps: {
      s1: { type: 'MESSAGE', channel: 'EMAIL', next: 's2', content: { kind: 'EMAIL' } },
      s2: { type: 'WAIT', name: '一日待つ', wait: { kind: 'DELAY', minutes: 1440 }, next: 's3' },
      s3: { type: 'EXIT' },
    },
  });
  expect(Object.keys(plan.journey!.steps).sort()).toEqual(['s1', 's2', 's3']);

  // the message detail's Plan Step tab lists the steps in the journey's order, with their numbers
  await page.goto(`${suite.herald.portalUrl}#/campaigns/detail?id=${encodeURIComponent(saved.id)}&tab=planStep`);
  const steps = page.locator('[data-testid="plan-steps"] tbody tr');
  await steps.first().waitFor();
  expect(await steps.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-step')))).toEqual(['s1', 's2', 's3']);
  expect(await steps.first().textContent()).toContain('メッセージ');
  await expectAccessible(page, 'the Plan Step tab in Japanese');
  await context.close();
}, 120_000);
