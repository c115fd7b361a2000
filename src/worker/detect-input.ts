/**
 * What a dropped file is, from its first bytes (and its name as a hint): a Syncloop trace file (plain or gzipped
 * JSON starting with `{"format":"syncloop-trace"`), a CSV event table (a `.csv`/`.tsv` name, or a header row with
 * `time`/`time_us` and `message` columns), or a log — everything else, which the log parser reads and reports on.
 */
import { TRACE_FILE_FORMAT } from '../trace/trace-file.ts';

export type InputKind = 'trace-file' | 'csv' | 'log';

const HEAD_BYTES = 4096;

/** Up to `max` bytes of the start of a gzip stream (a damaged one gives what came before the damage, or nothing). */
async function gunzipHead(head: Blob, max: number): Promise<Uint8Array> {
  const gunzip = new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
  const reader = head.stream().pipeThrough(gunzip).getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < max) {
      const { done, value } = await reader.read();
      if (done || !value) break;
      parts.push(value);
      total += value.length;
    }
  } catch {
    // The head is a cut-off stream: what was inflated before the cut is all we need.
  }
  await reader.cancel().catch(() => undefined);
  const out = new Uint8Array(Math.min(total, max));
  let at = 0;
  for (const p of parts) {
    const n = Math.min(p.length, out.length - at);
    out.set(p.subarray(0, n), at);
    at += n;
  }
  return out;
}

function looksLikeTraceFile(text: string): boolean {
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t' || text[i] === '\uFEFF')) i++;
  return text.startsWith(`{"format":"${TRACE_FILE_FORMAT}"`, i) || text.startsWith(`{ "format": "${TRACE_FILE_FORMAT}"`, i);
}

/** A header row naming a time column and a message column (comma or tab separated, quotes allowed). */
export function looksLikeCsvHeader(text: string): boolean {
  const end = text.indexOf('\n');
  const first = (end >= 0 ? text.slice(0, end) : text).replace(/^\uFEFF/, '');
  const delimiter = first.includes('\t') && !first.includes(',') ? '\t' : ',';
  const names = new Set(first.split(delimiter, 64).map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase()));
  return names.has('message') && (names.has('time') || names.has('time_us'));
}

export async function detectInputKind(blob: Blob, name: string): Promise<InputKind> {
  const headBlob = blob.slice(0, HEAD_BYTES);
  let head = new Uint8Array(await headBlob.arrayBuffer());
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) head = await gunzipHead(headBlob, HEAD_BYTES) as Uint8Array<ArrayBuffer>;
  const text = new TextDecoder('utf-8').decode(head);
  if (looksLikeTraceFile(text)) return 'trace-file';
  if (/\.(csv|tsv)(\.gz)?$/i.test(name) || looksLikeCsvHeader(text)) return 'csv';
  return 'log';
}
