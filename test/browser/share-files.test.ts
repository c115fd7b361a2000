/**
 * Exports from the Share dialog and imports through the page: the trace file (gzipped) loads back with the same
 * events, findings, note, selection, window and collapsed group; the Chrome trace is a well-formed Trace Event
 * document; the CSV table loads back with the same events and findings; a damaged trace file says what is wrong.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, RESULTS_DIR, viewport } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const SEED_004 = join(INCIDENTS_DIR, 'seed-004-stuck-terminating-worker.log');

async function download(page: Page, button: string): Promise<{ path: string; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="${button}"]`)]);
  const path = join(RESULTS_DIR, `round-trip-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return { path, name: file.suggestedFilename() };
}

async function findingIds(page: Page): Promise<string[]> {
  return page.locator('[data-testid="finding-list"] .finding-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-finding') ?? ''));
}

test('trace file, Chrome trace and CSV exported from the dialog; the trace file and the CSV open again', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [SEED_004]);
  await page.click('[data-testid="finding-list"] .finding-item[data-finding="pod-worker-stuck-terminating"]');
  await page.click('[data-testid="finding-evidence"] .evidence-line[data-line="230"]');
  await page.keyboard.press('n');
  await page.fill('[data-testid="note-editor"] textarea', 'travels in the trace file');
  await page.click('[data-testid="note-editor"] button[type="submit"]');
  await page.click('[aria-label^="Collapse kubelet goroutines"]');
  const counts = await page.textContent('[data-testid="hidden-count"]');
  const findings = await findingIds(page);
  const window = await viewport(page);

  await page.click('[data-testid="share-button"]');
  await page.locator('[data-testid="sanitize-toggle"]').uncheck();
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  const trace = await download(page, 'export-trace');
  expect(trace.name).toBe('seed-004-stuck-terminating-worker.syncloop.json.gz');
  const doc = JSON.parse(gunzipSync(readFileSync(trace.path)).toString('utf8'));
  expect(doc.format).toBe('syncloop-trace');
  expect(doc.notes.map((n: { text: string }) => n.text)).toEqual(['travels in the trace file']);

  const chrome = await download(page, 'export-chrome');
  const ct = JSON.parse(readFileSync(chrome.path, 'utf8'));
  const phases = new Set(ct.traceEvents.map((e: { ph: string }) => e.ph));
  for (const ph of ['M', 'X', 'i', 's', 'f']) expect(phases.has(ph)).toBe(true);
  for (const e of ct.traceEvents) {
    expect(Number.isInteger(e.pid) && Number.isInteger(e.tid)).toBe(true);
    if (e.ph !== 'M') expect(Number.isFinite(e.ts) && e.ts >= 0).toBe(true);
  }

  const csv = await download(page, 'export-csv');
  expect(readFileSync(csv.path, 'utf8').split('\n')[0]).toMatch(/^time,time_us,source,line,/);
  expect(errors).toEqual([]);
  await page.context().close();

  // The trace file opens as it was saved.
  const back = await openApp(browser);
  await loadFiles(back.page, [trace.path]);
  await expect(back.page.textContent('[data-testid="hidden-count"]')).resolves.toBe(counts);
  await expect(findingIds(back.page)).resolves.toEqual(findings);
  await expect(back.page.textContent('[data-testid="raw-line"]')).resolves.toContain('connection closed');
  await expect(back.page.getAttribute('[aria-label^="Expand kubelet goroutines"]', 'aria-expanded')).resolves.toBe('false');
  await expect(back.page.textContent('[data-testid="notes-tab"]')).resolves.toContain('1');
  expect(await viewport(back.page)).toEqual(window);

  // The CSV table opens as a trace input: the same events, and the detectors find the same incidents.
  await loadFiles(back.page, [csv.path]);
  await expect(back.page.textContent('[data-testid="trace-title"]')).resolves.toBe(`round-trip-${csv.name}`);
  await expect(back.page.textContent('[data-testid="hidden-count"]')).resolves.toBe(counts);
  await expect(findingIds(back.page)).resolves.toEqual(findings);

  // A damaged trace file is refused with the reason.
  const bad = join(RESULTS_DIR, 'damaged.syncloop.json');
  writeFileSync(bad, '{"format":"syncloop-trace","version":1,"tables":{"kinds":[]}}');
  await back.page.setInputFiles('[data-testid="file-input"]', [bad]);
  await back.page.waitForSelector('.banner-error');
  await expect(back.page.textContent('.banner-error')).resolves.toContain('damaged.syncloop.json');
  expect(back.errors).toEqual([]);
  await back.page.context().close();
});
