/**
 * Log text is attacker-controlled. A log whose pod names, container names and messages carry HTML and script must
 * render as text everywhere (lane headers, log pane, inspector, tooltips) and trigger nothing; and the page must
 * make no request beyond its own origin.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { launchBrowser, loadFiles, openApp, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const HOSTILE_POD = 'default/<img src=x onerror=alert(1)>';

test('HTML and script in pod names and messages render as text and run nothing; no foreign requests', async () => {
  const { page, dialogs, errors, requests } = await openApp(browser);
  // Anything the page executes from log text would call these.
  await page.evaluate(() => {
    (window as unknown as { __pwned: number }).__pwned = 0;
    window.alert = () => { (window as unknown as { __pwned: number }).__pwned++; };
  });
  const elementsBefore = await page.evaluate(() => ({ img: document.images.length, script: document.scripts.length }));
  await loadFiles(page, [join(import.meta.dirname, 'fixtures', 'hostile-names.log')]);

  const header = page.locator(`[data-testid="pod-header"][data-pod="${HOSTILE_POD}"]`);
  await header.waitFor();
  await expect(header.textContent()).resolves.toContain('<img src=x onerror=alert(1)>');
  // The log pane shows the markup as characters.
  await expect(page.locator('.log-line .log-text').allTextContents()).resolves.toEqual(
    expect.arrayContaining([expect.stringContaining('<script>alert(3)</script><b>bold</b>')]),
  );
  // Select each event in turn (J) so the inspector renders every record's fields and raw text.
  await page.locator('[data-testid="timeline-canvas"]').hover();
  for (let i = 0; i < 8; i++) await page.keyboard.press('j');
  await expect(page.locator('[data-testid="event-details"]').textContent()).resolves.toContain('<');
  await page.locator('[data-testid="timeline-canvas"]').hover({ position: { x: 300, y: 60 } });
  await page.keyboard.press('?');
  await page.keyboard.press('Escape');
  await screenshot(page, 'hostile-names');

  const after = await page.evaluate(() => ({
    img: document.images.length,
    script: document.scripts.length,
    bold: document.querySelectorAll('b').length,
    pwned: (window as unknown as { __pwned: number }).__pwned,
  }));
  expect(after).toEqual({ ...elementsBefore, bold: 0, pwned: 0 });
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
  const origin = new URL(inject('baseUrl')).origin;
  expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
  await page.context().close();
});

test('the page declares a content security policy that allows only its own origin', async () => {
  const { page } = await openApp(browser);
  const csp = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self'");
  await page.context().close();
});
