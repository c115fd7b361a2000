/**
 * A share link (`#v=1&p=…`, as `syncloop link` prints) opens in the app: the carried log is parsed and the carried
 * view (window, selection) applied. A damaged link gets a plain message.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { encodeShareLink } from '../../src/trace/link.ts';
import { INCIDENTS_DIR, launchBrowser, viewport, waitForLoaded } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const NAME = 'seed-004-stuck-terminating-worker.log';
const DELETE_US = Date.UTC(2023, 8, 19, 11, 11, 20) * 1000 + 322601;

test('a share link opens its log with its window and selection', async () => {
  const text = readFileSync(join(INCIDENTS_DIR, NAME), 'utf8');
  const view = { startUs: DELETE_US - 5_000, endUs: DELETE_US + 15_000, originUs: NaN, selected: { kind: 'event' as const, event: { source: NAME, line: 87 } } };
  const link = await encodeShareLink({ kind: 'logs', sources: [{ name: NAME, year: 2023, text }], view, notes: [] }, inject('baseUrl'));
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(link);
  await waitForLoaded(page);
  await expect(page.textContent('[data-testid="trace-title"]')).resolves.toContain('shared link');
  await page.waitForSelector('[data-testid="event-details"]');
  await expect(page.textContent('[data-testid="raw-line"]')).resolves.toContain('SyncLoop DELETE');
  const v = await viewport(page);
  expect(v.startUs).toBe(view.startUs);
  expect(v.endUs).toBe(view.endUs);
  expect(errors).toEqual([]);
  await page.close();
});

test('a damaged link says so on the start page', async () => {
  const page = await browser.newPage();
  await page.goto(`${inject('baseUrl')}#v=1&p=not-really-compressed-data`);
  await page.waitForSelector('.banner-error');
  await expect(page.textContent('.banner-error')).resolves.toContain('share link cannot be opened');
  await page.close();
});
