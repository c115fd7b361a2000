/** Helpers for the simulation's browser tests: open a run by its address, wait until it is drawn, read what shows. */
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** Waits until the run is drawn for the current inputs: the outcome is known and the cursor layer has drawn. */
export async function waitForRun(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const outcome = document.querySelector('[data-testid="sim-outcome"]');
    const layer = document.querySelector<HTMLCanvasElement>('[data-testid="sim-layer"]');
    return outcome?.hasAttribute('data-incident') && !document.querySelector('.sim-computing') && !!layer?.dataset.cursorX;
  }, undefined, { timeout: 60_000 });
}

export async function openSimAddress(page: Page, hash: string): Promise<void> {
  await page.goto(`${inject('baseUrl')}${hash}`);
  await page.waitForSelector('[data-testid="sim-workspace"]');
  await waitForRun(page);
}

/** What the view shows of the current step (compared before and after moves). */
export async function stepView(page: Page) {
  return page.evaluate(() => {
    const text = (sel: string) => document.querySelector(sel)?.textContent ?? '';
    const lines = (cls: string) => [...document.querySelectorAll(`.log-line.${cls}`)].map((l) => l.getAttribute('data-line'));
    return {
      step: text('[data-testid="sim-step"]'),
      time: text('[data-testid="sim-time"]'),
      title: text('[data-testid="narrative-title"]'),
      card: text('[data-testid="narrative-card"]'),
      printed: text('[data-testid="step-lines"]'),
      stepLines: lines('sim-step'),
      firstFutureLine: lines('sim-future')[0] ?? null,
      cursorX: document.querySelector<HTMLCanvasElement>('[data-testid="sim-layer"]')?.dataset.cursorX ?? '',
      runnable: [...document.querySelectorAll('[data-testid="runnable"]')].map((b) => b.getAttribute('data-goroutine')),
      outcome: document.querySelector('[data-testid="sim-outcome"]')?.getAttribute('data-incident') ?? null,
    };
  });
}

/** Presses a key and waits for the view to show another step. */
export async function pressAndWait(page: Page, key: string): Promise<void> {
  const before = await page.textContent('[data-testid="sim-step"]');
  await page.keyboard.press(key);
  await page.waitForFunction((b) => document.querySelector('[data-testid="sim-step"]')?.textContent !== b, before);
}

/** Runs to the teaching annotation with this title (N at a time). */
export async function runToAnnotation(page: Page, title: string, maxPresses = 12): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if ((await page.textContent('[data-testid="narrative-title"]'))?.includes(title)) return;
    await pressAndWait(page, 'n');
  }
  throw new Error(`no annotation "${title}" within ${maxPresses} presses of N`);
}
