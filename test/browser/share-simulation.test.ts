/**
 * From a finding to its simulation, and a link to a stepped simulation: seed 000's finding opens the
 * readiness-init-race scenario; at the race window (a key moment where two goroutines can run) the test picks the
 * pod worker, injects the scenario's fault, raises the verbosity, steps on, selects a printed line's event and notes
 * the window. The Share dialog's link (sanitizing off by default for simulations) opens in a fresh browser context
 * with the same scenario, variant, version, seed, verbosity, step, choice, fault, selection and note, and no request
 * either page makes carries the link's data.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { decodeShareLink } from '../../src/trace/link.ts';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot } from './browser.ts';
import { leaks, notePixels, recordRequests, requestsCarrying } from './share-kit.ts';
import { pressAndWait, runToAnnotation, stepView, waitForRun } from './sim-kit.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

/** The run's inputs and position as the page shows them. */
async function simInputs(page: Page) {
  return {
    title: await page.textContent('[data-testid="trace-title"]'),
    variant: await page.textContent('[data-testid="sim-variant"]'),
    version: await page.inputValue('[data-testid="version"]'),
    seed: await page.inputValue('[data-testid="seed"]'),
    verbosity: await page.inputValue('[data-testid="verbosity"]'),
    step: await page.textContent('[data-testid="sim-step"]'),
    choices: await page.textContent('[data-testid="choices"]'),
    faults: await page.locator('[data-testid="injected-fault"]').allTextContents(),
  };
}

const NOTE = 'watch the readiness worker here';

test('a stepped simulation with a choice, a fault, a selection and a note, shared by link, reopens exactly', async () => {
  const { page, errors, requests } = await openApp(browser);
  const sent = recordRequests(page.context());
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-000-readiness-init-race.log')]);
  await page.click('[data-testid="finding-list"] .finding-item[data-finding="readiness-init-race"]');
  await page.click('[data-testid="open-simulation"]');
  await page.waitForSelector('[data-testid="sim-workspace"]');
  await waitForRun(page);
  await expect(page.textContent('[data-testid="trace-title"]')).resolves.toContain('readiness init race');

  // One more level of verbosity than the scenario's default, so the link's verbosity is not just the default.
  const defaultVerbosity = await page.inputValue('[data-testid="verbosity"]');
  await page.keyboard.press('b');
  await page.waitForFunction((v) => document.querySelector<HTMLSelectElement>('[data-testid="verbosity"]')?.value !== v, defaultVerbosity);
  await waitForRun(page);

  // The race window: the sync loop and the pod worker can both run. Pick the pod worker.
  await runToAnnotation(page, 'The race window');
  const race = await stepView(page);
  expect(race.runnable).toHaveLength(2);
  const podWorker = race.runnable.find((g) => g?.startsWith('pod-worker'));
  expect(podWorker).toBeTruthy();
  await page.click(`[data-testid="runnable"][data-goroutine="${podWorker}"]`);
  await waitForRun(page);
  await expect(page.textContent('[data-testid="choices"]')).resolves.toBe(`Your choices: after ${race.step}, ${podWorker}`);

  // A few steps on, the runtime slows down.
  for (let i = 0; i < 3; i++) await pressAndWait(page, 'ArrowRight');
  await page.click('[data-testid="fault"][data-fault="slow-runtime"]');
  await waitForRun(page);
  const injected = await page.locator('[data-testid="injected-fault"]').allTextContents();
  expect(injected).toHaveLength(1);
  expect(injected[0]).toMatch(/^Injected at step [0-9]+: runtime 10× slower for 20 s$/);
  for (let i = 0; i < 2; i++) await pressAndWait(page, 'ArrowRight');

  // Select the event of the last printed line that has one (the log pane's lines after the cursor are faded).
  const printed = page.locator('.log-line:not(.sim-future):not(.no-event)');
  expect(await printed.count()).toBeGreaterThan(0);
  const selectedLine = await printed.last().getAttribute('data-line');
  await printed.last().click();
  await page.waitForSelector(`.log-line.selected[data-line="${selectedLine}"]`);
  const rawLine = await page.textContent('[data-testid="raw-line"]');
  expect(rawLine?.length).toBeGreaterThan(20);

  // A note on the visible window, from the timeline's context menu.
  await page.locator('[data-testid="timeline-canvas"]').click({ button: 'right', position: { x: 200, y: 40 } });
  await page.locator('[data-testid="note-menu"] button', { hasText: 'visible time window' }).click();
  await page.fill('[data-testid="note-editor"] textarea', NOTE);
  await page.click('[data-testid="note-editor"] button[type="submit"]');
  const before = await simInputs(page);
  expect(before.verbosity).toBe(String(Number(defaultVerbosity) + 1));

  await page.click('[data-testid="share-button"]');
  await expect(page.locator('[data-testid="sanitize-toggle"]').isChecked()).resolves.toBe(false);
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  const link = await page.inputValue('[data-testid="share-link"]');
  const summary = await page.locator('[data-testid="share-summary"] li').allTextContents();
  expect(summary).toEqual([
    `simulation readiness-init-race (buggy, kubelet ${before.version}, -v=${before.verbosity}), seed ${before.seed}, at ${before.step}`,
    '1 scheduling choice',
    '1 injected fault: slow-runtime',
    'the time window',
    'the selected event',
    '1 note',
  ]);
  await screenshot(page, 'share-simulation-dialog');
  // Sanitizing sanitizes the files; the link re-runs the scenario under its own names, so it keeps them (the same
  // link, with no patterns to apply to the note).
  await page.locator('[data-testid="sanitize-toggle"]').check();
  await page.waitForSelector('[data-testid="sanitize-preview"]');
  await page.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  await expect(page.locator('[data-testid="sanitize-preview"] tbody tr').count()).resolves.toBeGreaterThan(0);
  expect(await page.inputValue('[data-testid="share-link"]')).toBe(link);
  await screenshot(page, 'share-simulation-sanitized');
  expect(errors).toEqual([]);

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const received = recordRequests(context);
  const opened = await context.newPage();
  const openedErrors: string[] = [];
  opened.on('pageerror', (e) => openedErrors.push(e.message));
  await opened.goto(link);
  await opened.waitForSelector('[data-testid="sim-workspace"]');
  await waitForRun(opened);
  await opened.waitForSelector(`.log-line.selected[data-line="${selectedLine}"]`, { timeout: 20_000 });
  expect(await simInputs(opened)).toEqual(before);
  await expect(opened.textContent('[data-testid="raw-line"]')).resolves.toBe(rawLine);
  await expect.poll(() => notePixels(opened), { timeout: 20_000 }).toBeGreaterThan(20);
  await screenshot(opened, 'share-simulation-opened');

  // What the opened page would share again is what it was sent: the run's inputs and step, the selection, the note.
  await opened.click('[data-testid="share-button"]');
  await opened.waitForSelector('[data-testid="share-link"][data-ready="true"]');
  await expect(opened.locator('[data-testid="share-summary"] li').allTextContents()).resolves.toEqual(summary);
  const sentState = await decodeShareLink(link);
  const reshared = await decodeShareLink(await opened.inputValue('[data-testid="share-link"]'));
  if (sentState.kind !== 'simulation' || reshared.kind !== 'simulation') throw new Error('expected simulation links');
  expect(sentState.simulation.choices).toEqual([{ step: Number(race.step.slice(5)), goroutine: podWorker }]);
  expect(sentState.simulation.faults.map((f) => f.kind)).toEqual(['slow-runtime']);
  expect(sentState.notes.map((n) => n.text)).toEqual([NOTE]);
  expect(sentState.view?.selected).toEqual({ kind: 'event', event: { source: expect.any(String), line: Number(selectedLine) } });
  expect(reshared.simulation).toEqual(sentState.simulation);
  expect(reshared.notes).toEqual(sentState.notes);
  expect(reshared.view?.selected).toEqual(sentState.view?.selected);

  expect(leaks(requests, link)).toEqual([]);
  expect(requestsCarrying(sent, link, [NOTE, rawLine!.slice(-40)])).toEqual([]);
  expect(requestsCarrying(received, link, [NOTE, rawLine!.slice(-40)])).toEqual([]);
  expect(received.length).toBeGreaterThan(0);
  expect(openedErrors).toEqual([]);
  await context.close();
  await page.context().close();
});
