/**
 * Notes on the timeline: added from the context menu (a lane, an event) and with N (a Shift+dragged range), shown
 * on the canvas with their text on hover, listed, edited and deleted.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

async function writeNote(page: Page, text: string): Promise<void> {
  await page.fill('[data-testid="note-editor"] textarea', text);
  await page.click('[data-testid="note-editor"] button[type="submit"]');
  await page.waitForSelector('[data-testid="note-editor"]', { state: 'detached' });
}

async function noteTexts(page: Page): Promise<string[]> {
  if (!(await page.locator('[data-testid="notes-list"]').count())) await page.click('[data-testid="notes-tab"]');
  return page.locator('[data-testid="notes-list"] .note-text').allTextContents();
}

test('notes on a lane, an event and a range: drawn, shown on hover, listed, edited, deleted', async () => {
  const { page, errors } = await openApp(browser);
  await loadFiles(page, [join(INCIDENTS_DIR, 'seed-000-readiness-init-race.log')]);
  const canvas = page.locator('[data-testid="timeline-canvas"]');
  const box = (await canvas.boundingBox())!;

  // Right-click the "pod worker" lane of the first pod: its menu offers a note on that lane.
  const laneHeader = page.locator('[data-testid="lane-header"][data-lane-kind="pod-worker"]').first();
  const laneBox = (await laneHeader.boundingBox())!;
  await canvas.click({ button: 'right', position: { x: box.width - 30, y: laneBox.y - box.y + laneBox.height / 2 } });
  await page.waitForSelector('[data-testid="note-menu"]');
  await page.locator('[data-testid="note-menu"] button', { hasText: 'Add a note to the lane “pod worker”' }).click();
  await expect(page.textContent('[data-testid="note-editor"]')).resolves.toContain('lane pod worker');
  await writeNote(page, 'worker of the killed pod');

  // Select the kill (the finding's evidence line 46), then N: a note on that event.
  await page.click('[data-testid="finding-evidence"] .evidence-line[data-line="46"]');
  await page.waitForSelector('.log-line.selected[data-line="46"]');
  await canvas.hover({ position: { x: 10, y: 10 } });
  await page.keyboard.press('n');
  await expect(page.textContent('[data-testid="note-editor"]')).resolves.toContain('line 46');
  await writeNote(page, 'killed 913 ms after <ready=false>');

  // Shift+drag a range, then N: a note on that range.
  await page.keyboard.press('Escape');
  await page.keyboard.down('Shift');
  await page.mouse.move(box.x + 200, box.y + 120);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 140, { steps: 4 });
  await page.mouse.move(box.x + 320, box.y + 150, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await page.keyboard.press('n');
  await expect(page.textContent('[data-testid="note-editor"]')).resolves.toContain('time ');
  await writeNote(page, 'the window of the race');

  expect(await noteTexts(page)).toEqual(['worker of the killed pod', 'killed 913 ms after <ready=false>', 'the window of the race']);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await screenshot(page, 'notes-on-timeline');

  // Hovering the lane note's tag (drawn at the lane's left end) shows its full text.
  await canvas.hover({ position: { x: 12, y: laneBox.y - box.y + laneBox.height / 2 } });
  await page.waitForSelector('[data-testid="note-tooltip"]:not([hidden])');
  await expect(page.textContent('[data-testid="note-tooltip"]')).resolves.toBe('worker of the killed pod');

  // Edit from the list, then delete one.
  await page.locator('[data-testid="notes-list"] .note-row').nth(1).locator('button', { hasText: 'Edit' }).click();
  await writeNote(page, 'killed 913 ms after the not-ready status');
  await page.locator('[data-testid="notes-list"] .note-row').nth(0).locator('button', { hasText: 'Delete' }).click();
  expect(await noteTexts(page)).toEqual(['killed 913 ms after the not-ready status', 'the window of the race']);

  // Going to a note from the list selects its event.
  await page.locator('[data-testid="notes-list"] .note-row').nth(0).locator('.note-target').click();
  await page.waitForSelector('.log-line.selected[data-line="46"]');
  expect(errors).toEqual([]);
  await page.context().close();
});
