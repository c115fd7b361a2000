/**
 * A share link (`#v=1&p=…`, as `syncloop link` prints) opens in the app: the carried log is parsed and the carried
 * view (window, selection) applied. A damaged, cut, oversized, newer or hostile link gets a plain message (or opens
 * with its markup shown as text), never a crash, a hang or script execution.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { encodeShareLink } from '../../src/trace/link.ts';
import { encodeBase64Url } from '../../src/trace/base64.ts';
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

/** A fragment holding `json` deflated, as the app makes them (bypassing the encoder, so it can be anything). */
function rawFragment(json: string | Uint8Array): string {
  return `#v=1&p=${encodeBase64Url(deflateRawSync(typeof json === 'string' ? Buffer.from(json) : json))}`;
}

test('hostile links: markup in names and notes stays text; cut, bomb, newer and malformed links say what is wrong', async () => {
  const text = readFileSync(join(INCIDENTS_DIR, NAME), 'utf8');
  const markup = '<img src=x onerror=alert(1)><script>alert(2)</script><b>bold</b>';
  const hostile = await encodeShareLink({
    kind: 'logs',
    sources: [{ name: `${markup}.log`, year: 2023, text }],
    view: { startUs: DELETE_US - 5_000, endUs: DELETE_US + 15_000, originUs: NaN, collapsedLanes: [markup], selected: { kind: 'pod', pod: markup } },
    notes: [{ id: markup, text: `note ${markup}`, target: { kind: 'range', startUs: DELETE_US, endUs: DELETE_US + 1000 } }],
  }, inject('baseUrl'));
  const context = await browser.newContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    (window as unknown as { __pwned: number }).__pwned = 0;
    window.alert = () => { (window as unknown as { __pwned: number }).__pwned++; };
  });
  await page.goto(hostile);
  await waitForLoaded(page);
  await expect(page.textContent('[data-testid="trace-title"]')).resolves.toContain(markup);
  await page.click('[data-testid="notes-tab"]');
  await expect(page.textContent('[data-testid="notes-list"]')).resolves.toContain(`note ${markup}`);
  const injected = await page.evaluate(() => ({
    img: document.images.length, bold: document.querySelectorAll('b').length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes('alert')).length,
    pwned: (window as unknown as { __pwned: number }).__pwned,
  }));
  expect(injected).toEqual({ img: 0, bold: 0, scripts: 0, pwned: 0 });

  const real = await encodeShareLink({ kind: 'logs', sources: [{ name: NAME, year: 2023, text }], notes: [] }, inject('baseUrl'));
  const payload = real.slice(real.indexOf('p=') + 2);
  const bomb = deflateRawSync(Buffer.alloc(70 * (1 << 20), 32), { level: 9 });
  const cases: [string, RegExp][] = [
    [`#v=1&p=${payload.slice(0, Math.floor(payload.length / 2))}`, /corrupt or cut short/],
    [`#v=1&p=${encodeBase64Url(bomb)}`, /expands to more than 64 MB/],
    ['#v=99&p=AAAA', /made by a newer Syncloop/],
    ['#v=1&p=%%%%', /is not base64/],
    [rawFragment('{"kind":"logs","sources":"nope"}'), /sources/],
    [rawFragment('{"kind":"simulation","simulation":{"scenario":"no-such-scenario","variant":"buggy","version":"1.23","seed":1,"choices":[],"faults":[],"step":3},"notes":[]}'), /no-such-scenario/],
    [rawFragment(`{"kind":"logs","sources":[{"name":"a","year":2023,"lines":3,"runs":[{"at":2,"text":"x\\ny\\nz"}]}]}`), /goes past/],
  ];
  for (const [fragment, message] of cases) {
    await page.evaluate((h) => { location.hash = h; }, fragment);
    await page.waitForFunction((m) => new RegExp(m).test(document.querySelector('.banner-error')?.textContent ?? ''), message.source, { timeout: 20_000 });
  }
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
