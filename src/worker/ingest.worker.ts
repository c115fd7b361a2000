/**
 * The ingest worker: reads the inputs in chunks, runs the whole pure pipeline (ingest → catalog → model →
 * findings) and posts the Trace back with its buffers transferred. The page never parses.
 *
 * Cancellation: a newer request makes every older run stop at its next chunk boundary; the page also terminates
 * the worker outright when the user cancels (ingest-client.ts), which stops even a long synchronous step.
 */
import { Analyzer } from '../model/analyze.ts';
import { runDetectors } from '../findings/run.ts';
import type { Trace } from '../model/trace.ts';
import { feedGzipBlob, feedPlainBlob, isGzipBlob, type BlobSink } from './read-blob.ts';
import { packBlob } from './pack-blob.ts';
import { PackClient } from './pack-client.ts';
import { detectInputKind } from './detect-input.ts';
import { importFile } from './import-file.ts';
import type { FromWorker, IngestInput, LoadRequest, ToWorker } from './protocol.ts';
import { traceTransferables } from './transfer.ts';

const PROGRESS_INTERVAL_MS = 50;
let currentRun = 0;

const post = (msg: FromWorker, transfer: Transferable[] = []) => self.postMessage(msg, { transfer });

self.onmessage = (e: MessageEvent<ToWorker>) => {
  const req = e.data;
  if (req.type !== 'load') return;
  currentRun = req.runId;
  load(req).catch((err: unknown) => {
    if (req.runId !== currentRun) return;
    post({ type: 'failed', runId: req.runId, message: err instanceof Error ? err.message : String(err) });
  });
};

function inputBlob(input: IngestInput): Blob {
  return input.kind === 'file' ? input.file : new Blob([input.text]);
}

async function load(req: LoadRequest): Promise<void> {
  const started = performance.now();
  const cancelled = () => req.runId !== currentRun;
  const blobs = req.inputs.map(inputBlob);
  const bytesTotal = blobs.reduce((sum, blob) => sum + blob.size, 0);

  // A trace file or a CSV event table opens on its own, through its importer instead of the log parser.
  const kinds = await Promise.all(req.inputs.map((input) => (input.kind === 'file' ? detectInputKind(input.file) : 'log' as const)));
  if (cancelled()) return;
  const special = kinds.findIndex((k) => k !== 'log');
  if (special >= 0) {
    const input = req.inputs[special];
    const name = input.kind === 'file' ? input.file.name : input.name;
    if (req.inputs.length > 1) throw new Error(`${name} is a ${kinds[special] === 'csv' ? 'CSV event table' : 'Syncloop trace file'}: open it on its own, not together with other files`);
    const kind = kinds[special] as 'trace-file' | 'csv';
    post({ type: 'progress', runId: req.runId, phase: 'reading', label: `${name} (${kind === 'csv' ? 'CSV event table' : 'trace file'})`, bytesDone: 0, bytesTotal, lines: 0 });
    const imported = await importFile(blobs[special], name, kind, req.defaultYear);
    if (!imported.hasFindings) addFindings(imported.trace);
    if (cancelled()) return;
    post({ type: 'done', runId: req.runId, trace: imported.trace, parseMs: performance.now() - started, postedAtMs: nowEpochMs(), saved: imported.saved }, traceTransferables(imported.trace));
    return;
  }

  // The raw text is kept packed (model/raw-text.ts): it is the largest part of a loaded log. The pack worker reads
  // and packs it on another thread while this one reads the lines; without it, chunks are packed here as they go.
  const packWorker = new PackClient();
  let linesRead = 0;
  let analyzer: Analyzer | undefined = new Analyzer({
    defaultYear: req.defaultYear, yearFromCaller: req.yearGiven, assumedNotAfterUs: req.nowUs, packRawText: !packWorker.available, rawTextElsewhere: packWorker.available,
  });
  // Room for the records of every input at once: the columns are not copied again and again as they grow.
  analyzer.collector.expectBytes(bytesTotal);
  try {
    linesRead = await readAll(req, analyzer, packWorker, blobs, bytesTotal, cancelled);
  } finally {
    packWorker.close();
  }
  if (cancelled()) return;

  const title = req.inputs.length > 1 ? `${req.inputs.length} inputs` : (req.inputs[0].kind === 'file' ? req.inputs[0].file.name : req.inputs[0].name);
  const phase = (p: 'building' | 'findings' | 'sending') =>
    post({ type: 'progress', runId: req.runId, phase: p, label: title, bytesDone: bytesTotal, bytesTotal, lines: linesRead });
  phase('building');
  const trace = analyzer.finish();
  // What stage 1 kept for building (its columns, memo, string tables) is garbage from here on: let it go before the
  // detectors allocate their indices, so the worker's peak is not both at once.
  analyzer = undefined;
  if (cancelled()) return;
  phase('findings');
  addFindings(trace);
  if (cancelled()) return;
  phase('sending');
  post({ type: 'done', runId: req.runId, trace, parseMs: performance.now() - started, postedAtMs: nowEpochMs() }, traceTransferables(trace));
}

/** Reads every input into the analyzer (stage 1), posting progress, the raw text packed on the way; returns the lines read. */
async function readAll(req: LoadRequest, analyzer: Analyzer, packWorker: PackClient, blobs: Blob[], bytesTotal: number, cancelled: () => boolean): Promise<number> {
  let bytesBefore = 0;
  let linesBefore = 0;
  let lastPost = 0;
  for (let i = 0; i < req.inputs.length; i++) {
    const input = req.inputs[i];
    const name = input.kind === 'file' ? input.file.name : input.name;
    const label = req.inputs.length > 1 ? `${name} (${i + 1} of ${req.inputs.length})` : name;
    const report = (done: number, force = false) => {
      const now = performance.now();
      if (!force && now - lastPost < PROGRESS_INTERVAL_MS) return;
      lastPost = now;
      post({ type: 'progress', runId: req.runId, phase: 'reading', label, bytesDone: bytesBefore + done, bytesTotal, lines: linesBefore + handle.linesRead });
    };
    const blob = blobs[i];
    const gzip = await isGzipBlob(blob);
    // No expectedLines here: reserving the line offsets for the whole file made a 200 MB load ~0.5 s slower in
    // Chromium (measured alternating builds), where the command line gains from it.
    const handle = analyzer.addSource(name, { gzip });
    // A plain file is read once: each chunk goes on to the pack worker once the source is done with it (when the
    // next has been pushed). Gzip chunks come in buffers used again: the pack worker decompresses the blob itself.
    const stream = packWorker.available && !gzip ? packWorker.stream() : undefined;
    const packing = packWorker.available && gzip ? packWorker.pack(blob) : undefined;
    let previous: Uint8Array | undefined;
    const sink: BlobSink = {
      push: (chunk) => {
        handle.push(chunk);
        if (!stream) return;
        if (previous) stream.push(previous);
        previous = chunk;
      },
      corrupt: (reason) => handle.diagnostic(handle.linesRead + 1, 'error', `corrupt or truncated gzip data (${reason}); the lines before it were read`),
    };
    report(0, true);
    // The source keeps no chunk (its text is packed), and is done with one once the next has been read
    // (source-handle.ts): two decompression buffers take turns.
    if (gzip) await feedGzipBlob(sink, blob, report, cancelled, 2);
    else await feedPlainBlob(sink, blob, report, cancelled);
    if (cancelled()) return linesBefore;
    // The last chunk goes on once the lines held across it are read.
    handle.endInput();
    if (stream && previous) stream.push(previous);
    let packed = stream ? await stream.end() : packing ? await packing : undefined;
    // The pack worker failed, or packed other bytes than this thread read: pack the text here.
    if ((stream || packing) && (!packed || packed.bytes !== handle.bytesRead)) packed = await packBlob(blob, cancelled);
    if (cancelled()) return linesBefore;
    handle.end(packed);
    report(blob.size, true);
    bytesBefore += blob.size;
    linesBefore += handle.linesRead;
  }
  return linesBefore;
}

const nowEpochMs = () => performance.timeOrigin + performance.now();

/** Findings are extra: if a detector breaks, the timeline still loads and the failure is shown as a diagnostic. */
function addFindings(trace: Trace): void {
  try {
    trace.findings = runDetectors(trace);
  } catch (err) {
    trace.findings = [];
    trace.sources[0]?.diagnostics.push({
      source: 0, line: 0, level: 'error',
      message: `the incident detectors failed: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
}
