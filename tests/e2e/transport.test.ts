/** The client in AES256 mode, and the silent refresh of short-lived access tokens. */
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite, openPage, signIn, waitForPath } from './browser';

// 62 s access tokens: the client refreshes a minute before expiry, so about every 2 s here.
const suite = browserSuite({ config: { authType: 'AES256', accessTokenSeconds: 62 } });

describe('AES256 mode and silent refresh', () => {
  it('encrypts payloads, refreshes before expiry one at a time, and keeps working', async () => {
    const { context, page } = await openPage(suite.browser);
    const calls: { service: string; payload: unknown; sign?: string; auth?: string }[] = [];
    page.on('request', (r: Request) => {
      if (!r.url().endsWith('/service/web/api/index')) return;
      const body = JSON.parse(r.postData() ?? '{}');
      calls.push({ service: body.service, payload: body.payload, sign: body.sign, auth: r.headers().authorization });
    });
    await signIn(page, suite.herald.portalUrl);
    // every access token the session holds, as it rotates
    const seenTokens: string[] = [];
    const watch = setInterval(() => {
      void page
        .evaluate(() => JSON.parse(sessionStorage.getItem('herald.auth') ?? '{}').accessToken as string | undefined)
        .then((t) => t && !seenTokens.includes(t) && seenTokens.push(t))
        .catch(() => undefined);
    }, 100);
    const login = calls.find((c) => c.service === 'auth.login')!;
    expect(typeof login.payload).toBe('string');
    expect(login.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(login)).not.toContain('Admin@1234');

    const firstRefreshToken = await page.evaluate(() => JSON.parse(sessionStorage.getItem('herald.auth')!).refreshToken);
    await expect.poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem('herald.auth')!).refreshToken), { timeout: 8_000 }).not.toBe(firstRefreshToken);

    // Through several rotations the session keeps working: no refresh was ever replayed (that would revoke it).
    await page.waitForTimeout(4_500);
    await page.click('.side-menu a[href="#/admin-pennel"]');
    await waitForPath(page, '/admin-pennel');
    await page.locator('[data-testid="user-list"] td', { hasText: 'admin' }).first().waitFor();
    expect(await page.locator('.p-toast-message-error').count()).toBe(0);
    const refreshes = calls.filter((c) => c.service === 'auth.refreshToken');
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    // the list was asked for with a token the session held: the current one, or the one just before it when a
    // refresh came between the call and this check
    const bearer = calls.filter((c) => c.service === 'user.getListByPage').pop()!.auth;
    expect(seenTokens).toContain(bearer?.replace(/^Bearer /, ''));
    clearInterval(watch);
    await context.close();
  });
});

describe('uploads in AES256 mode', () => {
  it('sends the files as base64 JSON (uploadBase64Info) to the upload route, and the asset manager lists them', async () => {
    const { context, page } = await openPage(suite.browser);
    const uploads: { url: string; type?: string; body: string }[] = [];
    page.on('request', (r: Request) => {
      if (r.url().includes('/service/web/upload/')) uploads.push({ url: r.url(), type: r.headers()['content-type'], body: r.postData() ?? '' });
    });
    await signIn(page, `${suite.herald.portalUrl}#/library/s3-manage`);
    await page.getByText('This folder is empty.').waitFor();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from('IHDR')]);
    await page.setInputFiles('#asset-upload', [{ name: 'aes.png', mimeType: 'image/png', buffer: png }]);
    await page.locator('[data-testid="asset-list"] tbody tr', { hasText: 'aes.png' }).waitFor();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.url.endsWith('/service/web/upload/index')).toBe(true);
    expect(uploads[0]!.type).toBe('application/json');
    expect(JSON.parse(uploads[0]!.body).uploadBase64Info).toEqual([{ fileName: 'aes.png', content: png.toString('base64') }]);
    await context.close();
  });
});
