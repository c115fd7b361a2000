/**
 * The text filter on a log big enough that its pass takes many slices (store/text-match-runner.ts): 200,000
 * generated lines. While a regular expression runs over every line the filter shows how far it is, the page keeps
 * answering (no main-thread task over 150 ms, a frame within 200 ms), and the result is what the pattern matches
 * in the log's lines, counted here in Node. A plain-text filter typed over a running pass replaces it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, loadFiles, openApp, RESULTS_DIR, screenshot } from './browser.ts';
import { syntheticKlog } from './synthetic-log.ts';

const LOG = join(RESULTS_DIR, 'fixtures', 'filter-big-200k.log');
const text = [...syntheticKlog({ pods: 80, lines: 200_000 })].join('');
const lines = text.split('\n').filter((l) => l !== '');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(join(RESULTS_DIR, 'fixtures'), { recursive: true });
  writeFileSync(LOG, text);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a pattern over 200,000 lines runs in slices: progress, a responsive page, then exactly the matching lines', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [LOG]);
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: number[] };
    w.__tasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) w.__tasks.push(e.duration); }).observe({ type: 'longtask' });
  });
  await page.click('.text-filter button[aria-pressed]');
  // Its required literal ("probe failed") is searched in the bytes first; the engine then runs on those lines.
  const source = 'probe failed.*statuscode: 5\\d\\d';
  await page.fill('#filter-text', source);
  await page.keyboard.press('Enter');
  const progress = page.locator('[data-testid="filter-text-progress"]');
  await progress.waitFor({ timeout: 10_000 });
  await expect(progress.textContent()).resolves.toMatch(/filtering… \d+%/);
  // A frame comes while the pass runs.
  const started = Date.now();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
  expect(Date.now() - started).toBeLessThan(200);
  await screenshot(page, 'filter-big-progress');

  await page.waitForSelector('[data-testid="filter-text-hides"]', { timeout: 60_000 });
  const pattern = new RegExp(source, 'i');
  const matching = lines.filter((l) => pattern.test(l)).length;
  expect(matching).toBeGreaterThan(100);
  expect(matching).toBeLessThan(lines.length / 10);
  await expect(page.textContent('[data-testid="filter-text-hides"]')).resolves.toBe(`−${(lines.length - matching).toLocaleString('en-US')}`);
  const longest = await page.evaluate(() => Math.max(0, ...(window as unknown as { __tasks: number[] }).__tasks));
  expect(longest).toBeLessThan(150);
  await screenshot(page, 'filter-big-done');

  // A newer text replaces a running pass: the regex off, plain text typed while the old pass would still run.
  await page.fill('#filter-text', 'statuscode: 500');
  await page.keyboard.press('Enter');
  await page.click('.text-filter button[aria-pressed]');
  await page.waitForSelector('[data-testid="filter-text-hides"]', { timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="filter-text-progress"]'));
  const plain = lines.filter((l) => l.toLowerCase().includes('statuscode: 500')).length;
  await expect(page.textContent('[data-testid="filter-text-hides"]')).resolves.toBe(`−${(lines.length - plain).toLocaleString('en-US')}`);
  expect(errors).toEqual([]);
  await page.context().close();
});
