/**
 * The simulation in real Chromium: open a scenario from the gallery and step (cursor, narrative and marked log lines
 * move); be the Go scheduler at the readiness race and see the outcome change; step back to an identical view; a
 * simulation address reloads to the same step; a share link opens a run; seeds 001 and 002 offer their simulation;
 * the init-containers scenario names its init and sidecar lanes.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { encodeShareLink } from '../../src/trace/link.ts';
import { steppableScenarios } from '../../src/store/sim-params.ts';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot } from './browser.ts';
import { openSimAddress, pressAndWait, runToAnnotation, stepView, waitForRun } from './sim-kit.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('a scenario opens from the gallery; stepping moves the cursor, the narrative and the marked log lines', async () => {
  const { page, errors, requests } = await openApp(browser);
  await page.click('[data-testid="open-gallery"]');
  await page.waitForSelector('[data-testid="scenario-gallery"]');
  const cards = await page.locator('[data-testid="scenario-card"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-scenario')));
  expect(cards).toEqual(steppableScenarios().map((s) => s.id));
  expect(cards).toContain('init-containers');
  await expect(page.textContent('[data-scenario="readiness-init-race"]')).resolves.toContain('seed 000');
  await screenshot(page, 'sim/gallery');
  expect(page.url()).toMatch(/#simulations$/);

  await page.click('[data-scenario="sandbox-leak-terminating"] button.primary');
  await page.waitForSelector('[data-testid="sim-workspace"]');
  await waitForRun(page);
  const start = await stepView(page);
  expect(start.step).toBe('step 0');
  expect(start.title).toBe('Before the first step');
  expect(start.stepLines).toEqual([]);
  expect(start.firstFutureLine).toBe('1');

  await pressAndWait(page, 'n');
  const first = await stepView(page);
  expect(first.title).toBe('SyncLoop DELETE');
  expect(Number(first.step.slice(5))).toBeGreaterThan(100);
  expect(first.stepLines.length).toBeGreaterThan(0);
  // The marked lines are the step's own: the first line after them is the first one not printed yet.
  expect(Number(first.firstFutureLine)).toBe(Number(first.stepLines[first.stepLines.length - 1]) + 1);
  expect(first.printed).toContain('SyncLoop DELETE');
  await screenshot(page, 'sim/sandbox-leak-delete');

  const width = await page.locator('[data-testid="sim-layer"]').evaluate((c) => c.clientWidth);
  const seen = [first];
  for (let i = 0; i < 3; i++) {
    await pressAndWait(page, 'ArrowRight');
    const v = await stepView(page);
    expect(Number(v.step.slice(5))).toBe(Number(first.step.slice(5)) + i + 1);
    seen.push(v);
  }
  for (let i = 0; i < 3; i++) await pressAndWait(page, 'n');
  const later = await stepView(page);
  seen.push(later);
  expect(later.title).toContain('Orphan kill from a stale cache');
  // Time only moves forward; the window follows the cursor, so it is always drawn inside the canvas.
  for (let i = 1; i < seen.length; i++) expect(seen[i].time >= seen[i - 1].time).toBe(true);
  expect(later.time > first.time).toBe(true);
  for (const v of seen) expect(Number(v.cursorX)).toBeGreaterThanOrEqual(0);
  for (const v of seen) expect(Number(v.cursorX)).toBeLessThanOrEqual(width);
  await screenshot(page, 'sim/sandbox-leak-later');
  // An address naming no scenario lands on the gallery, which says so.
  await page.evaluate(() => { location.hash = '#sim=no-such-scenario&step=3'; });
  await page.waitForSelector('[data-testid="scenario-gallery"] .banner-error');
  await expect(page.textContent('[data-testid="scenario-gallery"] .banner-error')).resolves.toContain('no-such-scenario');
  expect(errors).toEqual([]);
  expect(requests.every((url) => url.startsWith(new URL(page.url()).origin))).toBe(true);
  await page.context().close();
});

test('at the readiness race the goroutine you pick decides: ready:false and a kill, or no kill', async () => {
  const { page, errors } = await openApp(browser);
  await openSimAddress(page, '#sim=readiness-init-race');
  await runToAnnotation(page, 'The race window');
  const race = await stepView(page);
  expect(race.runnable).toHaveLength(2);
  const podWorker = race.runnable.find((g) => g?.startsWith('pod-worker'))!;
  await screenshot(page, 'sim/race');

  await page.click('[data-testid="runnable"][data-goroutine="sync-loop"]');
  await waitForRun(page);
  expect((await stepView(page)).outcome).toBe('true');
  await expect(page.textContent('[data-testid="sim-outcome"]')).resolves.toMatch(/ready:false.*killed/);
  await runToAnnotation(page, 'ready:false decided');
  await runToAnnotation(page, 'Killing container');
  await expect(page.textContent('[data-testid="step-lines"]')).resolves.toContain('Killing container');
  await expect(page.textContent('[data-testid="choices"]')).resolves.toContain('sync-loop');
  await screenshot(page, 'sim/race-sync-loop-first');

  // Back to the race (Shift+N walks the key moments backwards) and let the pod worker go first instead.
  await page.keyboard.press('r');
  await runToAnnotation(page, 'The race window');
  expect((await stepView(page)).step).toBe(race.step);
  await page.click(`[data-testid="runnable"][data-goroutine="${podWorker}"]`);
  await waitForRun(page);
  expect((await stepView(page)).outcome).toBe('false');
  await expect(page.textContent('[data-testid="sim-outcome"]')).resolves.toContain('no kill');
  await page.keyboard.press('End');
  await page.waitForFunction(() => !document.querySelector('.log-line.sim-future'));
  await expect(page.locator('.sim-annotations').textContent()).resolves.not.toContain('Killing container');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('step back gives exactly the view of the step before', async () => {
  const { page, errors } = await openApp(browser);
  await openSimAddress(page, '#sim=readiness-init-race');
  await runToAnnotation(page, 'SyncLoop ADD');
  for (let i = 0; i < 6; i++) await pressAndWait(page, 'ArrowRight');
  const before = await stepView(page);
  await pressAndWait(page, 'ArrowRight');
  const after = await stepView(page);
  expect(after).not.toEqual(before);
  await pressAndWait(page, 'ArrowLeft');
  expect(await stepView(page)).toEqual(before);
  await page.click('[data-testid="step-back"]');
  await page.waitForFunction((s) => document.querySelector('[data-testid="sim-step"]')?.textContent !== s, before.step);
  await page.click('[data-testid="step-forward"]');
  await page.waitForFunction((s) => document.querySelector('[data-testid="sim-step"]')?.textContent === s, before.step);
  expect(await stepView(page)).toEqual(before);
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a simulation address reloads to the same step, with the choice made', async () => {
  const { page, errors } = await openApp(browser);
  await openSimAddress(page, '#sim=readiness-init-race&seed=3');
  await runToAnnotation(page, 'The race window');
  await page.click('[data-testid="runnable"][data-goroutine="sync-loop"]');
  await waitForRun(page);
  for (let i = 0; i < 4; i++) await pressAndWait(page, 'ArrowRight');
  const here = await stepView(page);
  const step = here.step.slice(5);
  await page.waitForFunction((s) => location.hash.includes(`step=${s}`), step);
  expect(page.url()).toMatch(/#sim=readiness-init-race&variant=buggy&version=1\.12&seed=3&verbosity=3&step=\d+&choice=32%3Async-loop/);
  await page.reload();
  await page.waitForSelector('[data-testid="sim-workspace"]');
  await waitForRun(page);
  // The same step of the same run (the window is not part of the address: the cursor may sit elsewhere in it).
  expect({ ...(await stepView(page)), cursorX: '' }).toEqual({ ...here, cursorX: '' });
  await expect(page.textContent('[data-testid="choices"]')).resolves.toContain('sync-loop');
  // Back leaves the run for the page before it.
  await page.goBack();
  await page.waitForSelector('[data-testid="drop-zone"]');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a share link holding a simulation opens it at its step; the address becomes the run\'s own; Back leaves', async () => {
  const { page, errors } = await openApp(browser);
  const link = await encodeShareLink({
    kind: 'simulation', notes: [],
    simulation: { scenario: 'readiness-init-race', variant: 'buggy', version: '1.12', seed: 3, verbosity: 3, choices: [{ step: 32, goroutine: 'sync-loop' }], faults: [], step: 40 },
  }, inject('baseUrl'));
  await page.goto(link);
  await page.waitForSelector('[data-testid="sim-workspace"]');
  await waitForRun(page);
  expect((await stepView(page)).step).toBe('step 40');
  expect((await stepView(page)).outcome).toBe('true');
  await page.waitForFunction(() => location.hash.startsWith('#sim=readiness-init-race&') && location.hash.includes('step=40'));
  await page.goBack();
  await page.waitForSelector('[data-testid="drop-zone"]');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('seeds 001 and 002, which quote no kubelet lines, offer their simulation', async () => {
  const cases = [
    ['seed-001-container-hash-restart.log', 'hash-change-restart'],
    ['seed-002-runtime-down-notready.log', 'runtime-hang-notready'],
  ];
  for (const [file, scenario] of cases) {
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [join(INCIDENTS_DIR, file)]);
    await page.waitForSelector('[data-testid="open-incident-simulation"]');
    await screenshot(page, `sim/empty-incident-${scenario}`);
    await page.click('[data-testid="open-incident-simulation"]');
    await waitForRun(page);
    await page.waitForFunction((id) => location.hash.startsWith(`#sim=${id}&`), scenario);
    await runToAnnotation(page, scenario === 'runtime-hang-notready' ? 'Node became not ready' : 'Container spec hash changed');
    // The log pane marks the step's lines in a frame after the narrative's (on a busy machine, later).
    await page.waitForSelector('.log-line.sim-step', { timeout: 10_000 }).catch(() => undefined);
    expect((await stepView(page)).stepLines.length).toBeGreaterThan(0);
    expect((await stepView(page)).outcome).toBe('true');
    await screenshot(page, `sim/${scenario}`);
    expect(errors).toEqual([]);
    await page.context().close();
  }
});

test('init-containers: the lanes name the sidecar and the init container above the app, and the finding says Init:CrashLoopBackOff', async () => {
  const { page, errors } = await openApp(browser);
  await openSimAddress(page, '#sim=init-containers&variant=buggy&version=1.28');
  await runToAnnotation(page, 'Init:CrashLoopBackOff');
  const headers = () => page.locator('[data-testid="lane-header"][data-lane-kind="container"]').allTextContents();
  const buggy = await headers();
  expect(buggy.map((h) => h.replace(/\d+$/, '').trim())).toEqual(['sidecar container log-shipper', 'init container migrate']);
  await expect(page.textContent('[data-testid="sim-outcome"]')).resolves.toContain('never finished initialising');
  // The fixed run: the whole run is drawn (veiled after the cursor), so the app container's lane is there too.
  await openSimAddress(page, '#sim=init-containers&variant=fixed&version=1.28&step=60');
  const fixed = await headers();
  expect(fixed.map((h) => h.replace(/\d+$/, '').trim())).toEqual(['sidecar container log-shipper', 'init container migrate', 'container api']);
  expect(errors).toEqual([]);
  await page.context().close();
});
