/**
 * Shared helpers for the browser tests: launch Debian's Chromium through playwright-core with a fresh profile,
 * open the app, load files through the real file input, wait for the timeline, and take screenshots into
 * test-results/ (git-ignored) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const ROOT = join(import.meta.dirname, '..', '..');
export const RESULTS_DIR = join(ROOT, 'test-results');
export const INCIDENTS_DIR = join(ROOT, 'public', 'incidents');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface OpenedPage {
  page: Page;
  /** Every request the page made (URL), for the same-origin check. */
  requests: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
  /** Any dialog (alert/confirm/prompt) the page opened. */
  dialogs: string[];
}

export interface OpenOptions {
  colorScheme?: 'light' | 'dark';
  width?: number;
  height?: number;
  /** Device pixels per CSS px (default 1). */
  deviceScaleFactor?: number;
  /** A touch screen (for touch gestures sent through CDP). */
  hasTouch?: boolean;
}

export async function openApp(browser: Browser, opts: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    deviceScaleFactor: opts.deviceScaleFactor ?? 1,
    hasTouch: opts.hasTouch ?? false,
    colorScheme: opts.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
  await page.goto(inject('baseUrl'));
  await page.waitForSelector('[data-testid="drop-zone"]');
  return { page, requests, errors, dialogs };
}

/** Waits until a load finished and the timeline (or the empty-incident message) has painted. */
export async function waitForLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const probe = (window as unknown as { __syncloopPerf?: { firstPaintAt: number } }).__syncloopPerf;
    const empty = document.querySelector('[data-testid="empty-incident"]');
    return !document.querySelector('[data-testid="load-progress"]') &&
      (empty !== null || (probe !== undefined && Number.isFinite(probe.firstPaintAt)));
  }, undefined, { timeout: 60_000 });
}

export async function loadFiles(page: Page, paths: string[]): Promise<void> {
  await page.setInputFiles('[data-testid="file-input"]', paths);
  await waitForLoaded(page);
}

export async function draws(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __syncloopPerf: { draws: number } }).__syncloopPerf.draws);
}

/** Draws of one canvas layer so far ('base', 'overlay', 'axis', 'minimap'). */
export async function layerDraws(page: Page, layer: string): Promise<number> {
  return page.evaluate((l) => (window as unknown as { __syncloopPerf: { layerDraws: Record<string, number> } }).__syncloopPerf.layerDraws[l] ?? 0, layer);
}

/** Waits for the timeline to redraw after an action (one rAF later at most). */
export async function waitForRedraw(page: Page, before: number): Promise<void> {
  await page.waitForFunction((n) => (window as unknown as { __syncloopPerf: { draws: number } }).__syncloopPerf.draws > n, before);
}

export async function viewport(page: Page): Promise<{ startUs: number; endUs: number }> {
  return page.evaluate(() => (window as unknown as { __syncloopPerf: { viewport(): { startUs: number; endUs: number } } }).__syncloopPerf.viewport());
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path });
  return path;
}
