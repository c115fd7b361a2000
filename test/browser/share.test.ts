/**
 * Sharing in the browser: a link made with the Share dialog (a selection, a note, a collapsed group) opens in a
 * fresh browser context with the same pods, selection, note and window, and no request the pages make carries the
 * data; sanitizing shows its preview, refuses a dangerous pattern with the reason, and the opened link holds no
 * original pod name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { decodeShareLink } from '../../src/trace/link.ts';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot, viewport, waitForLoaded } from './browser.ts';
import { leaks, makeLink, notePixels, recordRequests, requestsCarrying } from './share-kit.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const SEED_004 = join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log');
const SEED_000 = join(INCIDENTS_DIR, 'seed-000-readiness-init-race.log');
/** Seed 000's pod UID and its killed container's ID (kept unless the sanitize options say otherwise). */
const UID_000 = 'bfde4b15-cb98-11e8-a3c8-6c92bf85beda';
const CONTAINER_000 = '8a61fda8d43e4c28d4092a1bc8e5f372846d955ffffe0353a754c2e42f271b56';
/** The killed container's runtime ID in seed 004: a string that occurs nowhere but in that log. */
const CONTAINER_ID = '24bee860a677b045e22fb764067cee0dbddeaeb2ac68ccd229b26418d24cf2e6';

test('a link with a selection, a note and a collapsed group reopens all of them in a fresh browser', async () => {
  const { page, errors, requests } = await openApp(browser);
  const sentRequests = recordRequests(page.context());
  await loadFiles(page, [SEED_004]);
  // Select the failed kill through the finding's evidence, then note it.
  await page.click('[data-testid="finding-list"] .finding-item[data-finding="pod-worker-stuck-terminating"]');
  await page.click('[data-testid="finding-evidence"] .evidence-line[data-line="230"]');
  await page.waitForSelector('.log-line.selected[data-line="230"]');
  await page.keyboard.press('n');
  await page.fill('[data-testid="note-editor"] textarea', 'the kill fails: containerd is down');
  await page.click('[data-testid="note-editor"] button[type="submit"]');
  await expect(page.textContent('[data-testid="notes-tab"]')).resolves.toContain('1');
  await page.click('[aria-label^="Collapse kubelet goroutines"]');
  const sent = await viewport(page);
  expect(await notePixels(page)).toBeGreaterThan(20);

  const link = await makeLink(page, { sanitize: false });
  expect(link.startsWith(inject('baseUrl'))).toBe(true);
  const summary = await page.locator('[data-testid="share-summary"] li').allTextContents();
  expect(summary).toEqual(expect.arrayContaining(['the selected event', '1 note', '1 collapsed lane']));
  expect(summary[0]).toMatch(/^seed-004-stuck-terminating-worker\.log: [0-9]+ log lines \(lines 1–544\)$/);
  await screenshot(page, 'share-dialog-logs');
  expect(errors).toEqual([]);

  // A fresh context: nothing shared with the sender's page but the link.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const received = recordRequests(context);
  const opened = await context.newPage();
  const openedRequests: string[] = [];
  const openedErrors: string[] = [];
  opened.on('request', (r) => openedRequests.push(r.url()));
  opened.on('pageerror', (e) => openedErrors.push(e.message));
  await opened.goto(link);
  await waitForLoaded(opened);
  await opened.waitForSelector('[data-testid="event-details"]');
  await expect(opened.textContent('[data-testid="raw-line"]')).resolves.toContain('connection closed');
  await opened.waitForSelector('.log-line.selected[data-line="230"]');
  await expect(opened.getAttribute('[data-testid="pod-header"]', 'data-pod')).resolves.toBe('default/nginx-deployment-bd4476b48-fpgvc');
  await expect(opened.getAttribute('[aria-label^="Expand kubelet goroutines"]', 'aria-expanded')).resolves.toBe('false');
  const v = await viewport(opened);
  expect(v).toEqual(sent);
  await opened.click('[data-testid="notes-tab"]');
  await expect(opened.textContent('[data-testid="notes-list"]')).resolves.toContain('the kill fails: containerd is down');
  expect(await notePixels(opened)).toBeGreaterThan(20);
  await screenshot(opened, 'share-opened-link');

  expect(leaks(requests, link)).toEqual([]);
  expect(leaks(openedRequests, link)).toEqual([]);
  // No request's URL, headers or body carries the log's text or the note (the needles are in what was shared).
  const logText = readFileSync(SEED_004, 'utf8');
  expect(logText).toContain(CONTAINER_ID);
  expect(logText).toContain('nginx-deployment-bd4476b48-fpgvc');
  const needles = [CONTAINER_ID, 'nginx-deployment-bd4476b48-fpgvc', 'the kill fails: containerd is down'];
  expect(received.length).toBeGreaterThan(0);
  expect(requestsCarrying([{ url: 'http://127.0.0.1/x', method: 'POST', headers: {}, body: `d=${CONTAINER_ID}` }], link, needles)).toHaveLength(1);
  expect(requestsCarrying(sentRequests, link, needles)).toEqual([]);
  expect(requestsCarrying(received, link, needles)).toEqual([]);
  expect(openedErrors).toEqual([]);
  await context.close();
  await page.context().close();
});

test('sanitizing: on by default for logs, a preview of every replacement, refused patterns say why, no original name in the opened link', async () => {
  const { page } = await openApp(browser, { width: 1280, height: 840 });
  await loadFiles(page, [SEED_000]);
  await page.click('[data-testid="share-button"]');
  await expect(page.locator('[data-testid="sanitize-toggle"]').isChecked()).resolves.toBe(true);
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  const rows = await page.locator('[data-testid="sanitize-preview"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const pod = rows.find((r) => r[1] === 'auto-srv-cwhttp-sf-30b71-0');
  expect(pod?.[0]).toBe('pod');
  expect(pod?.[3]).toMatch(/^pod-[a-z]+-0$/);
  expect(Number(pod?.[4])).toBeGreaterThan(0);

  await page.fill('[data-testid="sanitize-patterns"]', 'cwhttp\n/(a+)+$/');
  await page.waitForSelector('[data-testid="pattern-problems"]');
  await expect(page.textContent('[data-testid="pattern-problems"]')).resolves.toContain('line 2');
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  const patternRows = await page.locator('[data-testid="sanitize-preview"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const cw = patternRows.find((r) => r[0] === 'pattern' && r[1] === 'cwhttp');
  expect(cw?.[3]).toBeTruthy();
  expect(cw?.[3]).not.toContain('cwhttp');
  // By default the pod's UID and the built-in namespace are kept: no preview row for them.
  expect(patternRows.some((r) => r[1] === UID_000 || r[1] === 'default')).toBe(false);

  // Ticking the two options adds them to the preview: a made-up UUID, a made-up 64-hex container ID, ns-N.
  await page.click('[data-testid="sanitize-uids"]');
  await page.click('[data-testid="sanitize-well-known"]');
  await page.waitForFunction((uid) => [...document.querySelectorAll('[data-testid="sanitize-preview"] tbody tr td:nth-child(2)')].some((td) => td.textContent === uid), UID_000);
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  const idRows = await page.locator('[data-testid="sanitize-preview"] tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const uidRow = idRows.find((r) => r[1] === UID_000);
  expect(uidRow?.[0]).toBe('uid');
  expect(uidRow?.[3]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(Number(uidRow?.[4])).toBeGreaterThan(0);
  const cidRow = idRows.find((r) => r[0] === 'container-id' && r[1] === CONTAINER_000);
  expect(cidRow?.[3]).toMatch(/^[0-9a-f]{64}$/);
  const nsRow = idRows.find((r) => r[0] === 'namespace' && r[1] === 'default');
  expect(nsRow?.[3]).toMatch(/^ns-\d+$/);
  expect(Number(nsRow?.[4])).toBeGreaterThan(0);
  await screenshot(page, 'docs/share-sanitize');
  const link = await page.inputValue('[data-testid="share-link"]');

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const opened = await context.newPage();
  await opened.goto(link);
  await waitForLoaded(opened);
  const text = await opened.evaluate(() => document.body.innerText);
  expect(text).not.toContain('auto-srv-cwhttp');
  expect(text).not.toContain('cwhttp');
  expect(text).not.toContain(UID_000);
  expect(text).not.toContain(CONTAINER_000.slice(0, 12));
  const pods = await opened.locator('[data-testid="pod-header"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pod')));
  expect(pods.length).toBeGreaterThan(0);
  for (const p of pods) expect(p).toMatch(/^ns-\d+\/pod-[a-z]+-/);
  // The link carries the sanitized text only: decoded, it names neither the UID nor the namespace.
  const state = await decodeShareLink(link);
  if (state.kind !== 'logs') throw new Error('expected a logs link');
  const shared = state.sources.map((x) => x.text).join('\n');
  expect(shared).not.toContain(UID_000);
  expect(shared).not.toContain(CONTAINER_000);
  expect(shared).not.toMatch(/[/_"]default[/_("]/);
  await context.close();
  await page.context().close();
});
