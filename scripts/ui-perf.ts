/**
 * Measures the incident view in headless Chromium, loading a log through the real page and worker:
 *
 *   1. writes a synthetic klog file (default 1,000,000 lines on 500 pods, test/browser/synthetic-log.ts) to .bench/,
 *      or takes the file given with --file (e.g. a 1 GB log from scripts/gen-kubelet-log.ts),
 *   2. serves dist/ with `vite preview` and opens it in /usr/bin/chromium (playwright-core),
 *   3. loads the file through the file input (File → worker → Trace transferred back) while sampling, every
 *      200 ms, the renderer's resident memory (/proc; a dedicated worker runs inside the renderer process, so this
 *      includes it) and the page's JS heap (CDP Performance.getMetrics), and recording the main thread's long tasks
 *      (PerformanceObserver 'longtask': any task over 50 ms) and the progress phases the page shows;
 *   4. times the first timeline paint after parsing: from the worker posting the trace to the end of the first
 *      frame that painted it (hand-over, store, React, every canvas, the browser's rendering step), and reports the
 *      longest main-thread task in that window (the hand-over's cost, which the responsiveness check below leaves
 *      out: it only counts tasks before the post);
 *   5. zooms (ctrl+wheel) and pans (drag) separately, reading the page's frame records (ui/timeline/perf-probe.ts):
 *      per frame, the sum of every canvas draw (lanes, overlay, axis, overview strip), the whole rendering step
 *      (animation time → end of the frame: rAF callbacks, style, layout, paint of lane headers and the rest), and
 *      the time from the input event to the end of the frame that showed it; plus the rAF interval meanwhile;
 *   6. measures filters, the log pane, and memory after load (after a GC).
 *
 *   npx tsx scripts/ui-perf.ts [--lines N] [--pods N] [--file PATH] [--load-only] [--no-build] [--json] [--frames-out FILE]
 * Exit status 1 if a target is missed: whole-frame p95 < 16 ms for pan and for zoom, first paint < 1 s, the
 * renderer's peak memory < 3× the input size, no main-thread task over 200 ms while the worker loads. For a large
 * file (the 1 GB check): generate it into .bench/, run with --file it --load-only, delete it afterwards.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { preview } from 'vite';
import { syntheticKlog } from '../test/browser/synthetic-log.ts';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const optText = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const LINES = opt('--lines', 1_000_000);
const PODS = opt('--pods', 500);
const GIVEN_FILE = optText('--file');
const LOAD_ONLY = args.includes('--load-only');

async function writeSynthetic(path: string): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(join(path, '..'), { recursive: true });
  const out = createWriteStream(path);
  for (const chunk of syntheticKlog({ pods: PODS, lines: LINES })) {
    if (!out.write(chunk)) await new Promise<void>((done) => out.once('drain', () => done()));
  }
  await new Promise<void>((done) => out.end(done));
}

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round = (n: number) => +n.toFixed(2);
const stats = (values: number[]) => ({
  n: values.length, p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), max: round(values.length ? Math.max(...values) : NaN),
});

/** Resident memory in bytes of each Chromium renderer process, largest first. */
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

async function jsHeapUsed(cdp: CDPSession): Promise<number> {
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
}

interface FrameRecord { drawMs: number; layers: Record<string, number>; renderMs: number; inputToPaintMs: number; endAt: number }
interface Probe { drawMs: number[]; frames: FrameRecord[]; draws: number; postedAt: number; loadedAt: number; firstPaintAt: number; parseMs: number }
type PerfWindow = { __syncloopPerf: Probe };

const probe = (page: Page) => page.evaluate(() => {
  const p = (window as unknown as PerfWindow).__syncloopPerf;
  return { drawMs: [...p.drawMs], frames: [...p.frames], draws: p.draws, postedAt: p.postedAt, loadedAt: p.loadedAt, firstPaintAt: p.firstPaintAt, parseMs: p.parseMs };
});

/** Runs `act` while a rAF loop records frame intervals; returns them and the frames the timeline drew meanwhile. */
async function measure(page: Page, act: () => Promise<void>) {
  const since = await page.evaluate(() => performance.now());
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
  await page.waitForTimeout(100); // the last input's frame
  const rafIntervalMs = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framesOn: boolean };
    w.__framesOn = false;
    return w.__frames.slice(1);
  });
  const frames = (await probe(page)).frames.filter((f) => f.endAt > since);
  const layers: Record<string, number[]> = {};
  for (const f of frames) for (const [k, v] of Object.entries(f.layers)) (layers[k] ??= []).push(v);
  if (optText('--frames-out')) {
    const out = optText('--frames-out')!;
    const previous = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) as FrameRecord[][] : [];
    writeFileSync(out, JSON.stringify([...previous, frames]));
  }
  return {
    frames: frames.length,
    wholeFrameMs: stats(frames.map((f) => f.renderMs)),
    drawSumMs: stats(frames.map((f) => f.drawMs)),
    inputToPaintMs: stats(frames.map((f) => f.inputToPaintMs).filter((v) => !Number.isNaN(v))),
    perLayerDrawMs: Object.fromEntries(Object.entries(layers).map(([k, v]) => [k, stats(v)])),
    rafIntervalMs: stats(rafIntervalMs),
  };
}

/** The longest long task that overlaps [fromMs, toMs] (page clock), rounded; null when there is none. */
function longestTaskIn(tasks: readonly { startMs: number; ms: number }[], fromMs: number, toMs: number): number | null {
  const inside = tasks.filter((t) => t.startMs <= toMs && t.startMs + t.ms >= fromMs).map((t) => t.ms);
  return inside.length ? round(Math.max(...inside)) : null;
}

const LONG_TASKS_SCRIPT = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ startMs: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
})()`;

async function main(): Promise<void> {
  const file = GIVEN_FILE ? resolve(GIVEN_FILE) : join(ROOT, '.bench', 'ui-perf', `synthetic-${LINES}-lines-${PODS}-pods.log`);
  if (!GIVEN_FILE) await writeSynthetic(file);
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
    await page.addInitScript(LONG_TASKS_SCRIPT);
    await page.goto(url);
    await page.waitForSelector('[data-testid="drop-zone"]');
    const rssBefore = rendererRss()[0] ?? 0;

    // Load, sampling memory and the progress the page shows.
    const samples: { atMs: number; rss: number; heap: number; phase: string; detail: string }[] = [];
    const loadStarted = Date.now();
    await page.setInputFiles('[data-testid="file-input"]', file);
    let painted = false;
    while (!painted) {
      const shown = await page.evaluate(() => {
        const bar = document.querySelector('[data-testid="load-progress"]') as HTMLElement | null;
        const p = (window as unknown as PerfWindow).__syncloopPerf;
        return {
          phase: bar?.dataset.phase ?? '',
          detail: [...(bar?.querySelector('.load-progress-text')?.children ?? [])].map((e) => e.textContent).join(' — '),
          painted: Number.isFinite(p.firstPaintAt), failed: document.querySelector('[data-testid="load-error"], .banner-error')?.textContent ?? '',
        };
      });
      if (shown.failed) throw new Error(`the load failed: ${shown.failed}`);
      if (shown.phase && !samples.some((x) => x.phase === shown.phase)) {
        // The first time each phase shows, a picture of the progress bar, to look at.
        mkdirSync(join(ROOT, 'test-results'), { recursive: true });
        await page.screenshot({ path: join(ROOT, 'test-results', `ui-perf-load-${shown.phase}.png`), clip: { x: 0, y: 0, width: 1600, height: 400 } });
      }
      samples.push({ atMs: Date.now() - loadStarted, rss: rendererRss()[0] ?? NaN, heap: await jsHeapUsed(cdp), phase: shown.phase, detail: shown.detail });
      painted = shown.painted;
      if (Date.now() - loadStarted > 1_200_000) throw new Error('the load took over 20 minutes');
      if (!painted) await new Promise((r) => setTimeout(r, 200));
    }
    const loadWallMs = Date.now() - loadStarted;
    const afterLoad = await probe(page);
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: { startMs: number; ms: number }[] }).__longTasks);
    const phases = [...new Set(samples.map((s) => s.phase).filter(Boolean))];
    const lastDetailOf = (phase: string) => samples.filter((s) => s.phase === phase).at(-1)?.detail ?? '';

    const result: Record<string, unknown> = {
      input: { file: basename(file), bytes: inputBytes, ...(GIVEN_FILE ? {} : { lines: LINES, pods: PODS }) },
      load: {
        wallMs: loadWallMs, workerMs: Math.round(afterLoad.parseMs),
        traceHandOverMs: round(afterLoad.loadedAt - afterLoad.postedAt),
        firstPaintAfterParseMs: round(afterLoad.firstPaintAt - afterLoad.postedAt),
        phasesShown: phases, lastProgress: Object.fromEntries(phases.map((p) => [p, lastDetailOf(p)])),
        longestMainThreadTaskMs: round(Math.max(0, ...longTasks.map((t) => t.ms))),
        longTasksOver50Ms: longTasks.length,
        longTasksOver200Ms: longTasks.filter((t) => t.ms > 200).length,
        // When the long tasks ran, from the worker posting the trace (negative: while the worker was still busy).
        longTasksFromPostMs: longTasks.map((t) => ({ atMs: round(t.startMs - afterLoad.postedAt), ms: round(t.ms) })),
        // The hand-over's cost to the main thread, apart from the check below (which only looks before the post):
        // the longest task overlapping the post → first paint window (receiving the trace, the store, React's first
        // render, the first canvas draws). null: none over 50 ms, the long-task API's threshold.
        longestTaskPostToPaintMs: longestTaskIn(longTasks, afterLoad.postedAt, afterLoad.firstPaintAt),
      },
      memoryDuringLoad: {
        rendererRssBeforeLoadBytes: rssBefore,
        peakRendererRssBytes: Math.max(...samples.map((s) => s.rss)),
        peakPageJsHeapBytes: Math.max(...samples.map((s) => s.heap)),
        // Where the peak is: the largest sample in each phase the page showed ('' = the trace is on the page).
        peakRendererRssByPhaseBytes: Object.fromEntries([...new Set(samples.map((s) => s.phase))]
          .map((p) => [p || 'on the page', Math.max(...samples.filter((s) => s.phase === p).map((s) => s.rss))])),
        peakRendererRssOverInput: round(Math.max(...samples.map((s) => s.rss)) / inputBytes),
        // What loading added, without the empty page's own footprint.
        peakRendererRssGrowthOverInput: round((Math.max(...samples.map((s) => s.rss)) - rssBefore) / inputBytes),
      },
    };

    if (!LOAD_ONLY) {
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
      // Pan at a closer zoom as well as fitted: the drawing differs (LOD blocks vs single marks).
      await page.keyboard.press('w');
      await page.keyboard.press('w');
      const pan = await measure(page, async () => {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        for (let i = 0; i < 60; i++) { await page.mouse.move(cx - i * 8, cy + (i % 10) * 4); await page.waitForTimeout(16); }
        await page.mouse.up();
      });
      await page.keyboard.press('f');

      // The pass runs in slices (store/text-match-runner.ts): done when the filter shows what it hides again and the
      // timeline was redrawn after that; the longest main-thread task meanwhile is what the page froze for.
      const filterMs = async (text: string, regex: boolean): Promise<{ ms: number; longestTaskMs: number | null }> => {
        if (regex !== (await page.locator('button[aria-pressed="true"]').count() > 0)) await page.click('.text-filter button[aria-pressed]');
        await page.fill('#filter-text', text);
        const fromPageMs = await page.evaluate(() => performance.now());
        const started = Date.now();
        await page.keyboard.press('Enter');
        await page.waitForSelector('[data-testid="filter-text-hides"]', { timeout: 120_000 });
        // The frame after the change that showed it has been drawn.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const ms = Date.now() - started;
        const toPageMs = await page.evaluate(() => performance.now());
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: { startMs: number; ms: number }[] }).__longTasks);
        return { ms, longestTaskMs: longestTaskIn(tasks, fromPageMs, toPageMs) };
      };
      const plainFilterMs = await filterMs('Probe failed', false);
      const regexFilterMs = await filterMs('probe failed.*statuscode: 5\\d\\d', true);
      await page.fill('#filter-text', '');
      await page.keyboard.press('Enter');

      const logBox = await page.locator('#log-pane').boundingBox();
      if (!logBox) throw new Error('no log pane');
      await page.mouse.move(logBox.x + logBox.width / 2, logBox.y + logBox.height / 2);
      const logScroll = await measure(page, async () => {
        for (let i = 0; i < 60; i++) { await page.mouse.wheel(0, 400); await page.waitForTimeout(16); }
      });
      await page.locator('#log-pane').focus();
      const endStarted = Date.now();
      await page.keyboard.press('End');
      const summary = await page.evaluate(() => document.querySelector('[data-testid="log-summary"]')?.textContent ?? '');
      const lastLine = Number(/all ([\d,]+) lines/.exec(summary)?.[1].replace(/,/g, '') ?? NaN);
      await page.waitForSelector(`.log-line[data-line="${lastLine}"]`, { timeout: 30_000 });
      const logEndMs = Date.now() - endStarted;
      Object.assign(result, {
        zoom, pan,
        filterMs: { plainText: plainFilterMs, regex: regexFilterMs },
        logPane: { rafIntervalMs: logScroll.rafIntervalMs, endKeyMs: logEndMs, lines: lastLine },
      });
    }

    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfter = await jsHeapUsed(cdp);
    const traceBuffers = await page.evaluate(() => (window as unknown as { __syncloopTraceBytes?: () => number }).__syncloopTraceBytes?.() ?? NaN);
    const rssAfter = rendererRss()[0] ?? NaN;
    result.memoryAfterLoad = {
      pageJsHeapBytes: heapAfter, traceArrayBufferBytes: traceBuffers, rendererRssBytes: rssAfter,
      rendererRssOverInput: round(rssAfter / inputBytes),
    };

    const load = result.load as { firstPaintAfterParseMs: number };
    const peak = (result.memoryDuringLoad as { peakRendererRssOverInput: number }).peakRendererRssOverInput;
    // Responsive while the worker reads and builds: no main-thread task that long before the trace arrives.
    const beforeTrace = longTasks.filter((t) => t.startMs < afterLoad.postedAt).map((t) => t.ms);
    const targets: Record<string, boolean> = {
      'page responsive during the worker\'s load: no task over 200 ms before the trace arrives': Math.max(0, ...beforeTrace) < 200,
      'first timeline paint after parsing < 1 s': load.firstPaintAfterParseMs < 1000,
      'renderer peak memory (worker included) < 3× input': peak < 3,
    };
    if (!LOAD_ONLY) {
      const z = result.zoom as Awaited<ReturnType<typeof measure>>;
      const p = result.pan as Awaited<ReturnType<typeof measure>>;
      targets['zoom: whole frame p95 < 16 ms'] = z.wholeFrameMs.p95 < 16;
      targets['pan: whole frame p95 < 16 ms'] = p.wholeFrameMs.p95 < 16;
    }
    result.targets = targets;
    if (args.includes('--json')) console.log(JSON.stringify(result, null, 2));
    else print(result, targets);
    if (Object.values(targets).some((ok) => !ok)) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(r: Record<string, unknown>, targets: Record<string, boolean>): void {
  const mb = (n: number) => `${(n / 1048576).toFixed(0)} MB`;
  const s = (x: { n: number; p50: number; p95: number; max: number }) => `p50 ${x.p50} / p95 ${x.p95} / max ${x.max} ms (n=${x.n})`;
  const input = r.input as { file: string; bytes: number; lines?: number; pods?: number };
  const load = r.load as { wallMs: number; workerMs: number; traceHandOverMs: number; firstPaintAfterParseMs: number; longestMainThreadTaskMs: number; longTasksOver50Ms: number; longTasksOver200Ms: number; phasesShown: string[]; lastProgress: Record<string, string> };
  const during = r.memoryDuringLoad as { rendererRssBeforeLoadBytes: number; peakRendererRssBytes: number; peakPageJsHeapBytes: number; peakRendererRssOverInput: number; peakRendererRssGrowthOverInput: number; peakRendererRssByPhaseBytes: Record<string, number> };
  const after = r.memoryAfterLoad as { pageJsHeapBytes: number; traceArrayBufferBytes: number; rendererRssBytes: number; rendererRssOverInput: number };
  console.log(`input: ${input.file}, ${mb(input.bytes)}${input.lines ? `, ${input.lines.toLocaleString('en-US')} lines on ${input.pods} pods` : ''}`);
  console.log(`load: ${(load.wallMs / 1000).toFixed(1)} s wall (worker ${(load.workerMs / 1000).toFixed(1)} s); trace hand-over ${load.traceHandOverMs} ms; first timeline paint ${load.firstPaintAfterParseMs} ms after the worker posted it`);
  console.log(`page during the load: longest main-thread task ${load.longestMainThreadTaskMs} ms; tasks over 50 ms: ${load.longTasksOver50Ms}, over 200 ms: ${load.longTasksOver200Ms}`);
  const tasks = r.load as { longTasksFromPostMs: { atMs: number; ms: number }[]; longestTaskPostToPaintMs: number | null };
  console.log(`  long tasks (start from the trace's post, duration): ${tasks.longTasksFromPostMs.map((t) => `${t.atMs} ms: ${t.ms} ms`).join('; ')}`);
  const handOver = tasks.longestTaskPostToPaintMs;
  console.log(`  longest main-thread task from the trace's post to the first paint (the hand-over): ${handOver === null ? 'none over 50 ms' : `${handOver} ms`}`);
  for (const p of load.phasesShown) console.log(`  progress [${p}]: ${load.lastProgress[p]}`);
  console.log(`memory during load: renderer RSS ${mb(during.rendererRssBeforeLoadBytes)} before, peak ${mb(during.peakRendererRssBytes)} (${during.peakRendererRssOverInput}× input; growth ${during.peakRendererRssGrowthOverInput}×); page JS heap peak ${mb(during.peakPageJsHeapBytes)}`);
  console.log(`  renderer RSS peak by phase: ${Object.entries(during.peakRendererRssByPhaseBytes).map(([p, b]) => `${p} ${mb(b)}`).join(', ')}`);
  console.log(`memory after load (GC): renderer RSS ${mb(after.rendererRssBytes)} (${after.rendererRssOverInput}× input); page JS heap ${mb(after.pageJsHeapBytes)}; trace buffers ${mb(after.traceArrayBufferBytes)}`);
  for (const name of ['zoom', 'pan'] as const) {
    const m = r[name] as Awaited<ReturnType<typeof measure>> | undefined;
    if (!m) continue;
    console.log(`${name}: ${m.frames} frames; whole frame ${s(m.wholeFrameMs)}; canvas draws ${s(m.drawSumMs)}; input → painted ${s(m.inputToPaintMs)}; rAF interval ${s(m.rafIntervalMs)}`);
    for (const [layer, v] of Object.entries(m.perLayerDrawMs)) console.log(`    ${layer.padEnd(8)} ${s(v)}`);
  }
  if (r.filterMs) {
    const f = r.filterMs as Record<'plainText' | 'regex', { ms: number; longestTaskMs: number | null }>;
    const l = r.logPane as { rafIntervalMs: { p50: number; p95: number }; endKeyMs: number };
    console.log(`filter over all events (Enter → applied and redrawn): plain text ${f.plainText.ms} ms, regex ${f.regex.ms} ms; ` +
      `longest main-thread task meanwhile ${f.plainText.longestTaskMs ?? '< 50'} / ${f.regex.longestTaskMs ?? '< 50'} ms`);
    console.log(`log pane: wheel-scroll rAF interval p50 ${l.rafIntervalMs.p50} / p95 ${l.rafIntervalMs.p95} ms; End → last line ${l.endKeyMs} ms`);
  }
  for (const [k, ok] of Object.entries(targets)) console.log(`${ok ? 'PASS' : 'FAIL'}  ${k}`);
}

await main();
