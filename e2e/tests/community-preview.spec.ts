import { request } from '@playwright/test';
import { audit, shootAtBothSizes } from '../support/a11y.ts';
import { e2eEnv } from '../support/env.ts';
import { createAccount, expect, signInAs, test } from '../support/fixtures.ts';

/**
 * Issue 23, sharing a community: its link preview (the head a crawler reads, without running any
 * script) names it, describes it and carries a schema.org Organization; on the page, the share
 * buttons offer a QR code of the link, drawn in the browser.
 */

function head(html: string) {
  const meta = (key: string) =>
    new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    meta,
    jsonLd: ld ? (JSON.parse(ld) as Record<string, unknown>) : undefined,
  };
}

test('a community link preview, and its QR code to share', async ({ page }) => {
  const owner = await createAccount({ fullName: 'Olga Organiser' });
  const api = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { Authorization: `Bearer ${owner.accessToken}` },
  });
  const name = `Canal Cyclists ${Date.now().toString(36).slice(-5)}`;
  const created = await api.post('/api/communities', {
    data: {
      name,
      description: 'Slow Sunday rides along the canal, coffee at the lock.',
      location: 'Canal Street',
      tags: ['Cycling'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = ((await created.json()) as { community: { slug: string } }).community;
  await api.dispose();

  // As a crawler: one plain GET, no script run.
  const crawler = await request.newContext({
    baseURL: e2eEnv.baseUrl,
    extraHTTPHeaders: { 'User-Agent': 'facebookexternalhit/1.1', Accept: 'text/html' },
  });
  const res = await crawler.get(`/c/${slug}`);
  expect(res.status()).toBe(200);
  const preview = head(await res.text());
  await crawler.dispose();
  expect(preview.title).toBe(`${name} · Townsquare`);
  expect(preview.meta('og:title')).toBe(name);
  expect(preview.meta('og:description')).toBe(
    'Canal Street · Slow Sunday rides along the canal, coffee at the lock.',
  );
  expect(preview.meta('og:url')).toMatch(new RegExp(`/c/${slug}$`));
  expect(preview.meta('og:image')).toMatch(/^https?:\/\//);
  expect(preview.jsonLd).toMatchObject({ '@type': 'Organization', name });

  // On the page: the QR code of the link.
  await signInAs(page, owner, `/c/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR code' });
  await expect(dialog.getByRole('img', { name: /^QR code for http/ })).toBeVisible();
  await expect(dialog.getByText(new RegExp(`/c/${slug}$`))).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Download the picture' })).toHaveAttribute(
    'download',
    /^canal-cyclists-[a-z0-9]+-qr\.png$/,
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'screenshots/community-qr-375.png' });
  await page.keyboard.press('Escape');
  await audit(page, 'the community page');
  await shootAtBothSizes(page, 'community-page');
});
