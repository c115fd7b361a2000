/**
 * What a dropped file is, from its first bytes: a Syncloop trace file (plain or gzipped JSON starting with
 * `{"format":"syncloop-trace"`), a CSV event table (trace/csv-import.ts isEventTableHeader), or a log — everything
 * else, a log platform's CSV download included, which the log parser reads and reports on.
 */
import { isEventTableHeader } from '../trace/csv-import.ts';
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

export async function detectInputKind(blob: Blob): Promise<InputKind> {
  const headBlob = blob.slice(0, HEAD_BYTES);
  let head = new Uint8Array(await headBlob.arrayBuffer());
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) head = await gunzipHead(headBlob, HEAD_BYTES) as Uint8Array<ArrayBuffer>;
  const text = new TextDecoder('utf-8').decode(head);
  if (looksLikeTraceFile(text)) return 'trace-file';
  if (isEventTableHeader(text)) return 'csv';
  return 'log';
}
