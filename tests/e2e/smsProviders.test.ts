/**
 * An organization's Twilio provider on the channel settings screen (/push-channel) in Chromium: its test dialog
 * shows the webhook Twilio posts replies to (this organization's and provider's), and a test send through the
 * Twilio stand-in reports Twilio's message sid. axe-core on the dialog.
 */
import { expect, it } from 'vitest';
import { TWILIO_LOCAL_ACCOUNT } from '../../functions/channels/sms/standIns/twilio';
import { browserSuite, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite(process.env.HERALD_E2E_WEB_ROOT ? { webRoot: process.env.HERALD_E2E_WEB_ROOT } : {});

it('shows a Twilio provider’s reply webhook and sends a test through it', async () => {
  const saved = await suite.admin.ok('messageProvider.save', {
    title: 'Shop Twilio',
    provider: 'TWILIO',
    username: TWILIO_LOCAL_ACCOUNT.sid,
    password: TWILIO_LOCAL_ACCOUNT.token,
    fromPhone: '+15005550006',
  });
  const orgId = (await suite.admin.ok('auth.validToken')).orgId as number;
  const { page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/push-channel`);
  await page.getByRole('button', { name: 'Send a test through Shop Twilio' }).click();
  const dialog = page.locator('#provider-test');
  await dialog.waitFor();
  const inbound = await page.getByTestId('twilio-inbound-url').textContent();
  expect(inbound).toContain(`/service/twilio/${orgId}/${saved.id}/inbound`);
  expect(inbound).toContain('incoming message webhook');
  await page.fill('#provider-test-to', '+819012345678');
  await dialog.getByRole('button', { name: 'Send test' }).click();
  const answer = dialog.getByRole('status');
  await answer.waitFor();
  expect(await answer.textContent()).toMatch(/Sent\. The provider answered with message id SM[0-9a-f]{32}\./);
  await expectAccessible(page, 'the provider test dialog');
});
