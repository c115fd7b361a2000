/**
 * Opening a trace file or a CSV event table in the worker: the whole file is read (both formats are parsed as one
 * document), a gzipped one inflated with a size limit, and handed to the core's importers (trace/trace-file.ts,
 * trace/csv-import.ts with papaparse). Their ShareErrors become messages naming the file.
 */
import { packRaw } from '../model/raw-text.ts';
import type { Trace } from '../model/trace.ts';
import { Packer } from '../util/lz-pack.ts';
import { decompressBytes, formatBytes, isGzip } from '../trace/compression.ts';
import { importEventsCsv } from '../trace/csv-import.ts';
import { ShareError } from '../trace/errors.ts';
import type { Note, ViewState } from '../trace/share-types.ts';
import { importTraceFile, MAX_TRACE_FILE_BYTES } from '../trace/trace-file.ts';

/** Largest CSV table read (as text, after inflating). */
export const MAX_CSV_BYTES = 500 * (1 << 20);

export interface ImportedFile {
  trace: Trace;
  /** A trace file's saved view and notes. */
  saved?: { view?: ViewState; notes: Note[] };
  /** True when the findings came with the file (a trace file); a CSV gets them from the detectors. */
  hasFindings: boolean;
}

async function readLimited(blob: Blob, name: string, limit: number, what: string): Promise<Uint8Array> {
  if (blob.size > limit) throw new Error(`${name}: the ${what} is larger than ${formatBytes(limit)}`);
  return new Uint8Array(await blob.arrayBuffer());
}

export async function importFile(blob: Blob, name: string, kind: 'trace-file' | 'csv', defaultYear: number): Promise<ImportedFile> {
  const imported = await importUnpacked(blob, name, kind, defaultYear);
  // Kept packed like a log's text (model/raw-text.ts).
  const packer = new Packer();
  imported.trace.raw = imported.trace.raw.map((raw) => packRaw(raw, packer));
  return imported;
}

async function importUnpacked(blob: Blob, name: string, kind: 'trace-file' | 'csv', defaultYear: number): Promise<ImportedFile> {
  try {
    if (kind === 'trace-file') {
      const contents = await importTraceFile(await readLimited(blob, name, MAX_TRACE_FILE_BYTES, 'trace file'));
      return { trace: contents.trace, saved: { view: contents.view, notes: contents.notes }, hasFindings: true };
    }
    let bytes = await readLimited(blob, name, MAX_CSV_BYTES, 'CSV table');
    if (isGzip(bytes)) bytes = await decompressBytes(bytes, 'gzip', MAX_CSV_BYTES, name);
    const text = new TextDecoder('utf-8').decode(bytes);
    return { trace: importEventsCsv(text, name.replace(/\.gz$/i, ''), { defaultYear, maxChars: MAX_CSV_BYTES }), hasFindings: false };
  } catch (e) {
    if (e instanceof ShareError) throw new Error(e.message.startsWith(name) ? e.message : `${name}: ${e.message}`);
    throw e;
  }
}
