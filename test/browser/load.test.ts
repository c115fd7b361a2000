/**
 * Loading, in real Chromium: the landing page, each seed excerpt through the file input, a synthetic drop event,
 * replacing and cancelling a load, and inputs that are not kubelet logs. Expected pods and lanes are the ones the
 * seed documents' own log lines name.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { syntheticKlog } from './synthetic-log.ts';
import { INCIDENTS_DIR, launchBrowser, loadFiles, openApp, screenshot, waitForLoaded } from './browser.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const seed = (name: string) => join(INCIDENTS_DIR, name);

/** Lane kinds shown under a pod's header (the rows after it up to the next group header). */
async function podLaneKinds(page: Page, pod: string): Promise<string[]> {
  return page.evaluate((podName) => {
    const slots = [...document.querySelectorAll('.lane-headers-scrolled .lane-header-slot')] as HTMLElement[];
    slots.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
    const kinds: string[] = [];
    let inside = false;
    for (const slot of slots) {
      const group = slot.querySelector('[data-testid="pod-header"], [data-testid="node-header"]') as HTMLElement | null;
      if (group) { inside = group.dataset.pod === podName; continue; }
      const lane = slot.querySelector('[data-testid="lane-header"]') as HTMLElement | null;
      if (inside && lane?.dataset.laneKind) kinds.push(lane.dataset.laneKind);
    }
    return kinds;
  }, pod);
}

async function findPod(page: Page, pod: string): Promise<void> {
  await page.fill('#pod-finder', pod);
  await page.keyboard.press('Enter');
  await page.waitForSelector(`[data-testid="pod-header"][data-pod="${pod}"]`);
}

describe('loading logs', () => {
  test('the landing page offers files, paste, the demo and the seeds, promises privacy and fetches nothing foreign', async () => {
    const { page, requests, errors } = await openApp(browser);
    await expect(page.textContent('[data-testid="privacy"]')).resolves.toMatch(/nothing you load is uploaded or leaves this machine/);
    expect(await page.locator('.incident-card').count()).toBe(5);
    await expect(page.getByRole('button', { name: 'Paste log text…' }).count()).resolves.toBe(1);
    await screenshot(page, 'landing');
    const origin = new URL(inject('baseUrl')).origin;
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('seed 004 (file input): the pod with its pod worker, container and API status lanes, node goroutines on top', async () => {
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [seed('seed-004-stuck-terminating-worker.log')]);
    const pod = 'default/nginx-deployment-bd4476b48-fpgvc';
    await page.waitForSelector(`[data-testid="pod-header"][data-pod="${pod}"]`);
    const kinds = await podLaneKinds(page, pod);
    expect(kinds).toEqual(expect.arrayContaining(['pod-worker', 'container', 'api-status']));
    expect(kinds[0]).toBe('pod-worker');
    // The sync loop is pinned above everything; the node's goroutine group comes before the pod.
    await expect(page.locator('.lane-header.pinned').first().textContent()).resolves.toContain('sync loop');
    const groupOrder = await page.locator('[data-testid="node-header"], [data-testid="pod-header"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(groupOrder[0]).toBe('node-header');
    await screenshot(page, 'seed-004');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('seed 000 (file input): the restarted pod with readiness, its probe and its container lanes', async () => {
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [seed('seed-000-readiness-init-race.log')]);
    const pod = 'default/auto-srv-cwhttp-sf-30b71-0';
    await findPod(page, pod);
    const kinds = await podLaneKinds(page, pod);
    expect(kinds).toEqual(expect.arrayContaining(['pod-worker', 'container', 'readiness', 'probe', 'api-status']));
    // The bulk SyncLoop ADD names other pods too; they are listed and can be found.
    await findPod(page, 'default/lifejuhe-pre-sf-d46e3-0');
    await screenshot(page, 'seed-000');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('seed 003 (file input): the node-exporter pod across the upgrade with its container lane', async () => {
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [seed('seed-003-upgrade-hash-recreate.log')]);
    const pod = 'monitoring/prometheus-node-exporter-l7vzz';
    await findPod(page, pod);
    const kinds = await podLaneKinds(page, pod);
    expect(kinds).toEqual(expect.arrayContaining(['pod-worker', 'container']));
    await expect(page.locator('[data-testid="lane-header"][data-lane-kind="container"]').allTextContents())
      .resolves.toEqual(expect.arrayContaining([expect.stringContaining('prometheus-node-exporter')]));
    await screenshot(page, 'seed-003');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test.each([
    ['seed-001-container-hash-restart.log', 'spec hash'],
    ['seed-002-runtime-down-notready.log', 'hung docker inspect'],
  ])('%s has no kubelet lines: its summary and an honest message instead of an empty timeline', async (file, words) => {
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [seed(file)]);
    const empty = page.locator('[data-testid="empty-incident"]');
    await expect(empty.textContent()).resolves.toContain('No kubelet log lines to draw');
    await expect(empty.textContent()).resolves.toContain(words);
    await expect(empty.textContent()).resolves.toContain('simulator');
    await screenshot(page, `empty-${file.slice(0, 8)}`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a synthetic drop (DataTransfer) loads dropped files, and a second drop replaces the first', async () => {
    const { page, errors } = await openApp(browser);
    const text004 = await import('node:fs').then((fs) => fs.readFileSync(seed('seed-004-stuck-terminating-worker.log'), 'utf8'));
    const text003 = await import('node:fs').then((fs) => fs.readFileSync(seed('seed-003-upgrade-hash-recreate.log'), 'utf8'));
    const drop = async (name: string, text: string) => {
      const dataTransfer = await page.evaluateHandle(([n, t]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([t], n, { type: 'text/plain' }));
        return dt;
      }, [name, text] as const);
      await page.dispatchEvent('body', 'dragenter', { dataTransfer });
      await page.dispatchEvent('body', 'drop', { dataTransfer });
      await waitForLoaded(page);
    };
    await drop('first.log', text004);
    await expect(page.textContent('[data-testid="trace-title"]')).resolves.toBe('first.log');
    await page.waitForSelector('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]');
    await drop('second.log', text003);
    await expect(page.textContent('[data-testid="trace-title"]')).resolves.toBe('second.log');
    await page.waitForSelector('[data-testid="pod-header"][data-pod="monitoring/prometheus-node-exporter-l7vzz"]');
    expect(await page.locator('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a file that is not a log gets a clear message, not a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syncloop-'));
    const png = join(dir, 'photo.png');
    const bytes = new Uint8Array(4096);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (let i = 8; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    writeFileSync(png, bytes);
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [png]);
    const empty = page.locator('[data-testid="empty-incident"]');
    await expect(empty.textContent()).resolves.toContain('photo.png');
    await expect(page.locator('[data-testid="empty-diagnostics"]').textContent()).resolves.toMatch(/binary data, not a text log/);
    await screenshot(page, 'not-a-log');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a .gz file is decompressed in the worker; a truncated one keeps the lines before the damage and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syncloop-'));
    const whole = gzipSync(readFileSync(seed('seed-004-stuck-terminating-worker.log')));
    writeFileSync(join(dir, 'kubelet.log.gz'), whole);
    writeFileSync(join(dir, 'cut.log.gz'), whole.subarray(0, Math.floor(whole.length * 0.6)));
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [join(dir, 'kubelet.log.gz')]);
    await page.waitForSelector('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]');
    await loadFiles(page, [join(dir, 'cut.log.gz')]);
    await page.click('[data-testid="sources-button"]');
    const panel = page.locator('[data-testid="sources-panel"]');
    await expect(panel.textContent()).resolves.toMatch(/corrupt or truncated gzip data/);
    await expect(panel.textContent()).resolves.toContain('(gzip)');
    await screenshot(page, 'sources-panel');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a log platform\'s CSV download (Grafana: every cell quoted, newest first) is read as a log, named so, its year from the time column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syncloop-'));
    const klog = readFileSync(seed('seed-004-stuck-terminating-worker.log'), 'utf8').split('\n').filter((l) => /^[IWEF]\d{4} /.test(l));
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    // Time from the klog header's own month, day and time, in 2023 (epoch ms, as Grafana writes it).
    const ms = (l: string) => Date.UTC(2023, Number(l.slice(1, 3)) - 1, Number(l.slice(3, 5)), Number(l.slice(6, 8)), Number(l.slice(9, 11)), Number(l.slice(12, 14)));
    const rows = klog.map((l) => [quote('{"host":"worker-2","unit":"kubelet.service"}'), quote(String(ms(l))), quote(l)].join(',')).reverse();
    const file = join(dir, 'Explore-logs-2023-09-19.csv');
    writeFileSync(file, ['"labels","Time","Line"', ...rows].join('\r\n') + '\r\n');
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [file]);
    await page.waitForSelector('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]');
    await page.click('[data-testid="sources-button"]');
    const panel = page.locator('[data-testid="sources-panel"]');
    await expect(panel.textContent()).resolves.toContain('a log platform\'s CSV download');
    await expect(panel.textContent()).resolves.toMatch(/2023/);
    await expect(panel.textContent()).resolves.toContain('worker-2');
    await screenshot(page, 'sources-panel-csv');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a big load shows progress and can be cancelled; the page stays responsive meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'syncloop-'));
    const big = join(dir, 'big.log');
    writeFileSync(big, [...syntheticKlog({ pods: 200, lines: 400_000 })].join(''));
    const { page, errors } = await openApp(browser);
    await page.setInputFiles('[data-testid="file-input"]', big);
    const progress = page.locator('[data-testid="load-progress"]');
    await progress.waitFor();
    await page.waitForFunction(() => /lines/.test(document.querySelector('[data-testid="load-progress"]')?.textContent ?? ''));
    await screenshot(page, 'loading-progress');
    // The main thread answers while the worker parses.
    const started = Date.now();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(Date.now() - started).toBeLessThan(500);
    await progress.getByRole('button', { name: 'Cancel' }).click();
    await progress.waitFor({ state: 'detached' });
    await expect(page.locator('[data-testid="drop-zone"]').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('opening a built-in incident from the landing page fetches it from the page\'s own origin', async () => {
    const { page, requests, errors } = await openApp(browser);
    await page.getByRole('button', { name: /Seed 004/ }).click();
    await waitForLoaded(page);
    await page.waitForSelector('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]');
    const origin = new URL(inject('baseUrl')).origin;
    expect(requests.some((u) => u.includes('/incidents/seed-004'))).toBe(true);
    expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('"Open the demo incident" opens seed 004: its pod, its findings, its title', async () => {
    const { page, requests, errors } = await openApp(browser);
    await page.getByRole('button', { name: 'Open the demo incident' }).click();
    await waitForLoaded(page);
    expect(requests.some((u) => u.includes('/incidents/seed-004-stuck-terminating-worker.log'))).toBe(true);
    await expect(page.textContent('[data-testid="trace-title"]')).resolves.toContain('Seed 004');
    await page.waitForSelector('[data-testid="pod-header"][data-pod="default/nginx-deployment-bd4476b48-fpgvc"]');
    // The seed's incident is found: its pod worker never finished terminating.
    await expect(page.textContent('[data-testid="finding-list"]')).resolves.toContain('Pod worker stuck terminating');
    await expect(page.locator('[data-testid="drop-zone"]').count()).resolves.toBe(0);
    await screenshot(page, 'demo-incident');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('the sources panel (I): kubelet version and why, the year and how it was decided, diagnostics by line', async () => {
    const text = readFileSync(seed('seed-000-readiness-init-race.log'), 'utf8');
    const lines = text.split('\n');
    const { page, errors } = await openApp(browser);
    await loadFiles(page, [seed('seed-000-readiness-init-race.log')]);
    await page.locator('#log-pane').focus();
    await page.keyboard.press('i');
    const panel = page.locator('[data-testid="sources-panel"]');
    await panel.waitFor();
    const fact = (name: string) => panel.locator(`dt:text-is("${name}") + dd`).textContent();
    // The write-up says its kubelet is a custom 1.12.4 branch and the restart was on 2020-03-12.
    expect(text).toContain('1.12.4');
    expect(text).toContain('2020-03-12');
    await expect(fact('Kubelet')).resolves.toMatch(/^1\.12 — from .*SyncLoop ADD at kubelet\.go:1887 \(1\.12\.x\)/);
    await expect(fact('Year')).resolves.toBe('2020, found in a message');
    await expect(fact('Format')).resolves.toBe('klog excerpts inside a document');
    // Line 54 quotes an earlier line again: listed by its number, counted once (no event of its own, so not a link).
    expect(lines.slice(0, 53)).toContain(lines[53]);
    const diagnostics = await panel.locator('.diagnostic').allTextContents();
    expect(diagnostics).toContain('infoline 54: same line as earlier in the document (quoted again); counted once');
    await screenshot(page, 'sources-panel-seed-000');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // A log with a damaged record (invalid UTF-8 in the message: constructed from seed 004's lines 87–130): its
    // diagnostic names the line, and clicking the number shows that line in the log pane, selected.
    const dir = mkdtempSync(join(tmpdir(), 'syncloop-'));
    const seed4 = readFileSync(seed('seed-004-stuck-terminating-worker.log'), 'utf8').split('\n').slice(86, 130);
    const damaged = seed4.findIndex((l) => l.includes('"Pod worker has observed request to terminate"'));
    expect(damaged).toBeGreaterThan(0);
    // The bad bytes are a word of their own at the end, so the pod's UID stays readable (one pod, not two).
    const bytes = seed4.map((l, i) => i === damaged ? Buffer.concat([Buffer.from(`${l} `), Buffer.from([0xff, 0xfe])]) : Buffer.from(l));
    const file = join(dir, 'damaged.log');
    writeFileSync(file, Buffer.concat(bytes.flatMap((b) => [b, Buffer.from('\n')])));
    await loadFiles(page, [file]);
    await page.click('[data-testid="sources-button"]');
    await panel.waitFor();
    const entry = panel.locator('.diagnostic', { hasText: new RegExp(`line ${damaged + 1}: `) });
    await expect(entry.textContent()).resolves.toMatch(/invalid UTF-8/);
    await entry.getByRole('button', { name: `line ${damaged + 1}` }).click();
    await panel.waitFor({ state: 'detached' });
    const selected = page.locator(`.log-line.selected[data-line="${damaged + 1}"]`);
    await selected.waitFor();
    await expect(selected.textContent()).resolves.toContain('Pod worker has observed request to terminate');
    await expect(page.locator('[data-testid="pod-header"]').count()).resolves.toBe(1);
    expect(await selected.isVisible()).toBe(true);
    await screenshot(page, 'sources-diagnostic-to-log');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
