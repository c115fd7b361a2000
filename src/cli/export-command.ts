/**
 * `syncloop export FILE... --format trace|chrome|csv [--out FILE] [--year YYYY]`
 *
 * Inputs are kubelet logs (plain or gzip), a CSV event table (`.csv`), or a Syncloop trace file (`.json`/`.json.gz`
 * starting with `{"format":"syncloop-trace"`), so export also converts between the formats. Output goes to stdout,
 * or to --out; a trace file is gzipped when --out ends in `.gz`.
 */
import { closeSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import { loadTrace } from './analyze-command.ts';
import { checkReadable, InputError, spoolOneShotInputs } from './read-files.ts';
import type { Trace } from '../model/trace.ts';
import { encodeChromeTrace } from '../trace/chrome-trace.ts';
import { exportEventsCsv } from '../trace/csv.ts';
import { importEventsCsv, isEventTableHeader } from '../trace/csv-import.ts';
import { ShareError } from '../trace/errors.ts';
import { exportTraceFile, importTraceFile, TRACE_FILE_FORMAT, type TraceFileContents } from '../trace/trace-file.ts';

export const EXPORT_FORMATS = ['trace', 'chrome', 'csv'] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `--year YYYY`, checked. */
export function yearFlag(flags: Map<string, string | true>): number | undefined {
  const y = flags.get('--year');
  if (y === undefined) return undefined;
  const year = Number(y);
  if (!Number.isInteger(year) || year < 1970 || year > 2200) throw new InputError(`--year ${String(y)}: expected a year such as 2024`);
  return year;
}

/** A Syncloop trace file (plain or gzipped), recognised by how it starts. */
function isTraceFile(path: string): boolean {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(1 << 12);
  let n: number;
  try {
    n = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  let start = head.subarray(0, n);
  if (start[0] === 0x1f && start[1] === 0x8b) {
    try {
      // Inflate only what the first bytes give; a sync flush returns partial output instead of failing.
      start = gunzipSync(start, { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    } catch {
      return false;
    }
  }
  return start.subarray(0, 64).toString('utf8').trimStart().startsWith(`{"format":"${TRACE_FILE_FORMAT}"`);
}

/** Reads the inputs as a trace file, a CSV event table, or logs. ShareErrors become InputErrors with the file name. */
/** A CSV event table by its header row (a log platform's CSV download is a log: the log reader reads it). */
function isEventTable(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(4096);
    const n = readSync(fd, head, 0, head.length, 0);
    return !(n >= 2 && head[0] === 0x1f && head[1] === 0x8b) && isEventTableHeader(head.subarray(0, n).toString('utf8'));
  } finally {
    closeSync(fd);
  }
}

export async function loadAnyInput(given: string[], year: number | undefined): Promise<TraceFileContents> {
  const files = await spoolOneShotInputs(given);
  for (const f of files) checkReadable(f);
  try {
    if (files.length === 1 && isTraceFile(files[0])) return await importTraceFile(new Uint8Array(readFileSync(files[0])));
    if (files.length === 1 && isEventTable(files[0])) {
      return { trace: importEventsCsv(readFileSync(files[0], 'utf8'), basename(files[0]), { defaultYear: year }), notes: [] };
    }
  } catch (e) {
    if (e instanceof ShareError) throw new InputError(`${files[0]}: ${e.message}`);
    throw e;
  }
  return { trace: await loadTrace(files, year), notes: [] };
}

async function render(contents: TraceFileContents, format: ExportFormat, out: string | undefined): Promise<Uint8Array | string> {
  const trace: Trace = contents.trace;
  switch (format) {
    case 'trace': return exportTraceFile(contents, { gzip: out?.toLowerCase().endsWith('.gz') ?? false });
    case 'chrome': return encodeChromeTrace(trace);
    case 'csv': return exportEventsCsv(trace);
  }
}

export async function exportCommand(files: string[], flags: Map<string, string | true>): Promise<number> {
  if (files.length === 0) throw new InputError('export needs at least one FILE');
  const format = flags.get('--format');
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new InputError(`export needs --format ${EXPORT_FORMATS.join('|')}`);
  }
  const out = flags.get('--out');
  if (out === true) throw new InputError('--out needs a file name');
  const contents = await loadAnyInput(files, yearFlag(flags));
  const data = await render(contents, format as ExportFormat, out);
  if (out) {
    try {
      writeFileSync(out, data);
    } catch (e) {
      throw new InputError(`${out}: cannot write (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
    }
    process.stderr.write(`syncloop: wrote ${format} export of ${contents.trace.events.count} events to ${out}\n`);
  } else {
    await new Promise<void>((resolve, reject) => process.stdout.write(data, (err) => (err ? reject(err) : resolve())));
  }
  return 0;
}
