/**
 * The simulation's other views in real Chromium: presenter mode (large type, high contrast, keys only), compare
 * (both variants on one time axis, differing lanes marked, each outcome stated), the help overlay's simulation
 * keys, and what a step costs on the page (measured, printed). Also takes the README's simulation picture
 * (SYNCLOOP_UPDATE_SCREENSHOTS=1 copies it to docs/screenshots/ after review).
 */
import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, openApp, ROOT, screenshot } from './browser.ts';
import { openSimAddress, pressAndWait, runToAnnotation, stepView, waitForRun } from './sim-kit.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('presenter mode: P toggles large type and high contrast; the keys still drive the run', async () => {
  const { page, errors } = await openApp(browser);
  await openSimAddress(page, '#sim=readiness-init-race');
  await runToAnnotation(page, 'The race window');
  const titleSize = () => page.locator('[data-testid="narrative-title"]').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  const normal = await titleSize();
  await page.keyboard.press('p');
  await page.waitForSelector('.sim-workspace.presenter');
  expect(await titleSize()).toBeGreaterThanOrEqual(normal * 1.5);
  await expect(page.getAttribute('html', 'data-presenter')).resolves.toBe('true');
  await expect(page.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor)).resolves.toBe('rgb(0, 0, 0)');
  expect(await page.locator('.sim-controls').count()).toBe(0);
  await page.waitForSelector('[data-testid="presenter-hints"]');
  const before = await stepView(page);
  await pressAndWait(page, 'ArrowRight');
  expect(Number((await stepView(page)).step.slice(5))).toBe(Number(before.step.slice(5)) + 1);
  await page.keyboard.press('2'); // be the scheduler by key: the second runnable goroutine
  await waitForRun(page);
  await screenshot(page, 'sim/presenter');
  await page.keyboard.press('p');
  await page.waitForSelector('.sim-controls');
  expect(await page.locator('.sim-workspace.presenter').count()).toBe(0);
  await expect(page.getAttribute('html', 'data-presenter')).resolves.toBe('false');
  expect(errors).toEqual([]);
  await page.context().close();
});

test('compare shows buggy and fixed on one axis, with the differing lanes marked and both outcomes', async () => {
  const { page, errors } = await openApp(browser, { width: 1280, height: 860 });
  await openSimAddress(page, '#sim=hash-change-restart');
  await runToAnnotation(page, 'Container recreated');
  await page.keyboard.press('m');
  await page.waitForSelector('[data-testid="compare-b"][data-incident]');
  await expect(page.getAttribute('[data-testid="compare-a"]', 'data-incident')).resolves.toBe('true');
  await expect(page.getAttribute('[data-testid="compare-b"]', 'data-incident')).resolves.toBe('false');
  await expect(page.textContent('[data-testid="compare-a"]')).resolves.toContain('buggy');
  await expect(page.textContent('[data-testid="compare-b"]')).resolves.toContain('fixed');
  const diffs = page.locator('[data-testid="compare-diffs"]');
  expect(Number(await diffs.getAttribute('data-count'))).toBeGreaterThan(0);
  await expect(diffs.textContent()).resolves.toMatch(/container/);
  // Both timelines span the same window: the compared run is drawn under the same axis.
  const boxes = await page.locator('[data-testid="sim-layer"], [data-testid="compare-timeline"] canvas').evaluateAll((els) =>
    els.map((e) => { const r = e.getBoundingClientRect(); return { left: Math.round(r.left), width: Math.round(r.width) }; }));
  expect(boxes).toHaveLength(2);
  expect(boxes[1]).toEqual(boxes[0]);
  await screenshot(page, 'sim/compare');
  await page.selectOption('[data-testid="compare-mode"]', 'seed');
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-b"]')?.textContent?.includes('seed 2'));
  await page.keyboard.press('m'); // from seed to variant
  await page.keyboard.press('m'); // and off
  await page.waitForFunction(() => !document.querySelector('[data-testid="compare"]'));
  expect(errors).toEqual([]);
  await page.context().close();
});

test('the help overlay lists the simulation keys; variant, seed and faults by key', async () => {
  const { page, errors } = await openApp(browser);
  await openSimAddress(page, '#sim=pod-lifecycle');
  await page.keyboard.press('?');
  const help = page.locator('[data-testid="help-sim"]');
  await expect(help.textContent()).resolves.toMatch(/step forward.*step back.*play \/ pause.*Go scheduler.*presenter/s);
  await page.keyboard.press('Escape');
  await page.keyboard.press('v');
  await page.waitForFunction(() => document.querySelector('[data-testid="sim-variant"]')?.textContent === 'fixed');
  await waitForRun(page);
  await page.keyboard.press('S');
  await page.waitForFunction(() => location.hash.includes('seed=2'));
  await runToAnnotation(page, 'Readiness probe passed');
  await page.keyboard.press('x');
  await waitForRun(page);
  await expect(page.textContent('[data-testid="faults"]')).resolves.toContain('Injected at step');
  await page.waitForFunction(() => location.hash.includes('&fault='));
  expect(errors).toEqual([]);
  await page.context().close();
});

test('a step costs little on the page (measured) and playing advances the run', async () => {
  const { page, errors } = await openApp(browser);
  await openSimAddress(page, '#sim=sandbox-leak-terminating');
  // The worker's time to simulate the whole run and parse its log (the perf probe reads the load stats).
  const runMs = await page.evaluate(() => (window as unknown as { __syncloopPerf: { parseMs: number } }).__syncloopPerf.parseMs);
  console.log(`sandbox-leak-terminating run (1,237 steps, 844 lines) simulated and parsed in the worker: ${runMs.toFixed(0)} ms`);
  expect(runMs).toBeGreaterThan(0);
  await page.keyboard.press('v'); // the fixed variant: a second run in the warm worker
  await page.waitForFunction(() => document.querySelector('[data-testid="sim-variant"]')?.textContent === 'fixed');
  await waitForRun(page);
  const warmMs = await page.evaluate(() => (window as unknown as { __syncloopPerf: { parseMs: number } }).__syncloopPerf.parseMs);
  console.log(`its fixed variant, in the warm worker: ${warmMs.toFixed(0)} ms`);
  await page.keyboard.press('v');
  await page.waitForFunction(() => document.querySelector('[data-testid="sim-variant"]')?.textContent === 'buggy');
  await waitForRun(page);
  await page.keyboard.press('r');
  await runToAnnotation(page, 'SyncLoop DELETE');
  // Each sample: one step by key → the session steps and the store updates (handler), React re-renders (done before
  // the next task), then the next frame draws the cursor layer; the time spent drawing is measured inside that frame.
  const samples = await page.evaluate(async () => {
    const out: { handlerMs: number; renderMs: number; drawMs: number }[] = [];
    const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
    const nextTask = () => new Promise<void>((r) => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); });
    for (let i = 0; i < 40; i++) {
      await frame();
      const t0 = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      const t1 = performance.now();
      await nextTask();
      const t2 = performance.now();
      // rAF callbacks run in order: ours is queued after the layers', so it sees the end of their drawing.
      const frameStart = await new Promise<number>((r) => requestAnimationFrame((ts) => r(ts)));
      const t3 = performance.now();
      out.push({ handlerMs: t1 - t0, renderMs: t2 - t0, drawMs: t3 - frameStart });
    }
    return out;
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const worst = (xs: number[]) => Math.max(...xs);
  const handler = samples.map((s) => s.handlerMs);
  const render = samples.map((s) => s.renderMs);
  const draw = samples.map((s) => s.drawMs);
  console.log(`sim step on the page (40 steps): session step + store ${median(handler).toFixed(2)} ms median; with React's re-render ${median(render).toFixed(1)} ms median, ${worst(render).toFixed(1)} ms worst; frame drawing after it ${median(draw).toFixed(1)} ms median, ${worst(draw).toFixed(1)} ms worst`);
  expect(median(render) + median(draw)).toBeLessThan(50);
  const back = await page.evaluate(async () => {
    const t0 = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    return performance.now() - t0;
  });
  console.log(`sim step back (replay from the start to step ~220): ${back.toFixed(1)} ms`);
  const start = Number((await stepView(page)).step.slice(5));
  await page.selectOption('select[aria-label="Playing speed"]', '100');
  await page.click('[data-testid="play"]');
  await page.waitForFunction((s) => Number(document.querySelector('[data-testid="sim-step"]')?.textContent?.slice(5)) > s + 5, start);
  await page.keyboard.press(' ');
  // The longest run of the gallery: liveness-restart (buggy, 1,710 steps, 987 lines at its -v=3).
  await openSimAddress(page, '#sim=liveness-restart');
  const longMs = await page.evaluate(() => (window as unknown as { __syncloopPerf: { parseMs: number } }).__syncloopPerf.parseMs);
  console.log(`liveness-restart run (1,710 steps, 987 lines) simulated and parsed in the worker: ${longMs.toFixed(0)} ms`);
  expect(longMs).toBeGreaterThan(0);
  expect(errors).toEqual([]);
  await page.context().close();
});

/** A shorter log pane keeps the pictures small (text is what costs bytes in a PNG). */
async function shrinkLogPane(page: import('playwright-core').Page, byPx: number): Promise<void> {
  const splitter = await page.locator('.splitter-row').boundingBox();
  if (!splitter) return;
  await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + 2);
  await page.mouse.down();
  await page.mouse.move(splitter.x + splitter.width / 2, splitter.y + 2 + byPx, { steps: 4 });
  await page.mouse.up();
  await page.mouse.move(0, 0);
}

test('README pictures of the simulation', async () => {
  const race = await openApp(browser, { width: 1200, height: 660 });
  await openSimAddress(race.page, '#sim=readiness-init-race');
  await shrinkLogPane(race.page, 150);
  await runToAnnotation(race.page, 'The race window');
  await race.page.keyboard.press('w');
  await race.page.waitForTimeout(300);
  const raceShot = await screenshot(race.page, 'readme/sim-race');
  expect(race.errors).toEqual([]);
  await race.page.context().close();

  const compare = await openApp(browser, { width: 1200, height: 680 });
  await openSimAddress(compare.page, '#sim=readiness-init-race&step=32&choice=32:sync-loop');
  await runToAnnotation(compare.page, 'Killing container');
  await compare.page.click('[data-testid="node-header"] .chevron'); // the node's goroutines: the pod is the story here
  await compare.page.keyboard.press('m');
  await compare.page.waitForSelector('[data-testid="compare-b"][data-incident]');
  await compare.page.waitForTimeout(300);
  const compareShot = await screenshot(compare.page, 'readme/sim-compare');
  expect(compare.errors).toEqual([]);
  await compare.page.context().close();

  // docs/screenshots/ keeps the race (small enough for the README); the comparison needs a larger window to read.
  expect(statSync(raceShot).size).toBeLessThan(200_000);
  expect(statSync(compareShot).size).toBeLessThan(400_000);
  if (process.env.SYNCLOOP_UPDATE_SCREENSHOTS) copyFileSync(raceShot, join(ROOT, 'docs', 'screenshots', 'sim-race.png'));
});
