/**
 * Measures the incident view in headless Chromium with a synthetic trace loaded through the real page and worker:
 *
 *   1. writes a synthetic klog file (default 1,000,000 lines on 500 pods, test/browser/synthetic-log.ts) to .bench/,
 *   2. serves dist/ with `vite preview` and opens it in /usr/bin/chromium (playwright-core),
 *   3. loads the file through the file input (File → worker → Trace transferred back) and times parse and the
 *      first timeline paint after the trace arrived,
 *   4. scripts zooms (ctrl+wheel), drags (pan) and key presses, recording each timeline draw's duration
 *      (performance.now around the draw call) and rAF frame intervals,
 *   5. reads the tab's memory: JS heap (CDP Performance.getMetrics JSHeapUsedSize, after a GC), the bytes of the
 *      trace's ArrayBuffers (outside the JS heap), and the renderer process's resident memory from /proc.
 *
 *   npx tsx scripts/ui-perf.ts [--lines N] [--pods N] [--no-build] [--json]
 * Exit status 1 if a target is missed: p95 frame < 16 ms, first paint < 1 s, memory < 3× the input size.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { preview } from 'vite';
import { syntheticKlog } from '../test/browser/synthetic-log.ts';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const LINES = opt('--lines', 1_000_000);
const PODS = opt('--pods', 500);

async function writeSynthetic(path: string): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(join(path, '..'), { recursive: true });
  const out = createWriteStream(path);
  for (const chunk of syntheticKlog({ pods: PODS, lines: LINES })) {
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(resolve));
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const stats = (values: number[]) => ({
  n: values.length, p50: +percentile(values, 50).toFixed(2), p95: +percentile(values, 95).toFixed(2),
  max: +Math.max(...values).toFixed(2),
});

/** Resident memory (kB → bytes) of Chromium renderer processes, largest first. */
function rendererRss(): number[] {
  const out: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium') || !cmd.includes('--type=renderer')) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) out.push(Number(m[1]) * 1024);
    } catch { /* the process ended */ }
  }
  return out.sort((a, b) => b - a);
}

interface Probe { drawMs: number[]; draws: number; loadedAt: number; firstPaintAt: number; parseMs: number }

const probe = (page: Page) => page.evaluate(() => {
  const p = (window as unknown as { __syncloopPerf: Probe }).__syncloopPerf;
  return { drawMs: [...p.drawMs], draws: p.draws, loadedAt: p.loadedAt, firstPaintAt: p.firstPaintAt, parseMs: p.parseMs };
});

/** Runs `act` while a rAF loop records frame intervals in the page; returns the intervals and the draws made. */
async function measure(page: Page, act: () => Promise<void>): Promise<{ frameMs: number[]; drawMs: number[] }> {
  const before = (await probe(page)).drawMs.length;
  // A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__framesOn = true;
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (window.__framesOn) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await act();
  const frameMs = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__framesOn = false;
    return w.__frames.slice(1);
  });
  const drawMs = (await probe(page)).drawMs.slice(before);
  return { frameMs, drawMs };
}

async function main(): Promise<void> {
  const file = join(ROOT, '.bench', 'ui-perf', `synthetic-${LINES}-lines-${PODS}-pods.log`);
  await writeSynthetic(file);
  const inputBytes = statSync(file).size;
  if (!args.includes('--no-build')) execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  const server = await preview({ root: ROOT, logLevel: 'error', preview: { host: '127.0.0.1', port: 0, open: false } });
  const url = server.resolvedUrls?.local[0] ?? '';
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--no-first-run', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    await page.waitForSelector('[data-testid="drop-zone"]');
    const loadStarted = Date.now();
    await page.setInputFiles('[data-testid="file-input"]', file);
    await page.waitForFunction(() => Number.isFinite((window as unknown as { __syncloopPerf: Probe }).__syncloopPerf.firstPaintAt), undefined, { timeout: 600_000 });
    const loadWallMs = Date.now() - loadStarted;
    const afterLoad = await probe(page);

    const canvas = await page.locator('[data-testid="timeline-canvas"]').boundingBox();
    if (!canvas) throw new Error('no timeline canvas');
    const cx = canvas.x + canvas.width / 2;
    const cy = canvas.y + canvas.height / 2;
    await page.mouse.move(cx, cy);

    const zoom = await measure(page, async () => {
      await page.keyboard.down('Control');
      for (let i = 0; i < 40; i++) { await page.mouse.wheel(0, -60); await page.waitForTimeout(16); }
      for (let i = 0; i < 40; i++) { await page.mouse.wheel(0, 60); await page.waitForTimeout(16); }
      await page.keyboard.up('Control');
    });
    const pan = await measure(page, async () => {
      await page.mouse.down();
      for (let i = 0; i < 60; i++) { await page.mouse.move(cx - i * 8, cy + (i % 10) * 4); await page.waitForTimeout(16); }
      await page.mouse.up();
    });
    const keys = await measure(page, async () => {
      for (const k of ['w', 'w', 'w', 'd', 'd', 'a', 's', 's', 's', 'f']) { await page.keyboard.press(k); await page.waitForTimeout(40); }
    });

    // Filters over every event: plain text (byte scan), then a regular expression (linear-time engine).
    const filterMs = async (text: string, regex: boolean): Promise<number> => {
      if (regex !== (await page.locator('button[aria-pressed="true"]').count() > 0)) await page.click('button[aria-pressed]');
      await page.fill('#filter-text', text);
      const before = (await probe(page)).draws;
      const started = Date.now();
      await page.keyboard.press('Enter');
      // Applying a filter redraws the timeline once the new visibility is computed.
      await page.waitForFunction((n) => (window as unknown as { __syncloopPerf: Probe }).__syncloopPerf.draws > n, before, { timeout: 120_000 });
      return Date.now() - started;
    };
    const plainFilterMs = await filterMs('Probe failed', false);
    const regexFilterMs = await filterMs('probe failed.*statuscode: 5\\d\\d', true);
    await page.fill('#filter-text', '');
    await page.keyboard.press('Enter');

    // The log pane: a million raw lines, virtualised; wheel through it and jump to the end.
    const logBox = await page.locator('#log-pane').boundingBox();
    if (!logBox) throw new Error('no log pane');
    await page.mouse.move(logBox.x + logBox.width / 2, logBox.y + logBox.height / 2);
    const logScroll = await measure(page, async () => {
      for (let i = 0; i < 60; i++) { await page.mouse.wheel(0, 400); await page.waitForTimeout(16); }
    });
    await page.locator('#log-pane').focus();
    const endStarted = Date.now();
    await page.keyboard.press('End');
    await page.waitForSelector(`.log-line[data-line="${LINES}"]`, { timeout: 30_000 });
    const logEndMs = Date.now() - endStarted;

    await cdp.send('HeapProfiler.collectGarbage');
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const heapUsed = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
    const traceBuffers = await page.evaluate(() => (window as unknown as { __syncloopTraceBytes?: () => number }).__syncloopTraceBytes?.() ?? NaN);
    const rss = rendererRss();

    const interaction = [...zoom.drawMs, ...pan.drawMs, ...keys.drawMs];
    const frames = [...zoom.frameMs, ...pan.frameMs];
    const result = {
      input: { file, bytes: inputBytes, lines: LINES, pods: PODS },
      load: { wallMs: loadWallMs, workerParseMs: Math.round(afterLoad.parseMs), firstPaintAfterTraceMs: +(afterLoad.firstPaintAt - afterLoad.loadedAt).toFixed(1) },
      drawMs: { zoom: stats(zoom.drawMs), pan: stats(pan.drawMs), keys: stats(keys.drawMs), all: stats(interaction) },
      rafFrameIntervalMs: stats(frames),
      filterMs: { plainText: plainFilterMs, regex: regexFilterMs },
      logPane: { wheelFrameIntervalMs: stats(logScroll.frameMs), jumpToLastLineMs: logEndMs },
      memory: {
        jsHeapUsedBytes: heapUsed, traceArrayBufferBytes: traceBuffers, largestRendererRssBytes: rss[0] ?? NaN,
        heapPlusBuffersOverInput: +((heapUsed + traceBuffers) / inputBytes).toFixed(2),
        rendererRssOverInput: +((rss[0] ?? NaN) / inputBytes).toFixed(2),
      },
    };
    const targets = {
      'pan/zoom draw p95 < 16 ms': result.drawMs.all.p95 < 16,
      'first paint after parse < 1 s': result.load.firstPaintAfterTraceMs < 1000,
      'memory (heap + trace buffers) < 3× input': result.memory.heapPlusBuffersOverInput < 3,
    };
    if (args.includes('--json')) console.log(JSON.stringify({ ...result, targets }, null, 2));
    else {
      const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
      console.log(`input: ${LINES.toLocaleString('en-US')} lines, ${PODS} pods, ${mb(inputBytes)}`);
      console.log(`load: ${(loadWallMs / 1000).toFixed(1)} s wall (worker ${(result.load.workerParseMs / 1000).toFixed(1)} s); first timeline paint ${result.load.firstPaintAfterTraceMs} ms after the trace arrived`);
      for (const [k, v] of Object.entries(result.drawMs)) console.log(`draw ${k.padEnd(5)} n=${v.n} p50=${v.p50} ms p95=${v.p95} ms max=${v.max} ms`);
      console.log(`rAF frame interval during zoom+pan: p50=${result.rafFrameIntervalMs.p50} ms p95=${result.rafFrameIntervalMs.p95} ms`);
      console.log(`filter over all events (Enter → timeline redrawn): plain text ${plainFilterMs} ms, regex ${regexFilterMs} ms`);
      console.log(`log pane (${LINES.toLocaleString('en-US')} lines): wheel-scroll frame interval p50=${result.logPane.wheelFrameIntervalMs.p50} ms p95=${result.logPane.wheelFrameIntervalMs.p95} ms; End → last line shown in ${logEndMs} ms`);
      console.log(`memory: JS heap ${mb(heapUsed)}, trace buffers ${mb(traceBuffers)} → ${result.memory.heapPlusBuffersOverInput}× input; renderer RSS ${mb(rss[0] ?? NaN)} → ${result.memory.rendererRssOverInput}× input`);
      for (const [k, ok] of Object.entries(targets)) console.log(`${ok ? 'PASS' : 'FAIL'}  ${k}`);
    }
    if (Object.values(targets).some((ok) => !ok)) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
