/**
 * Re-parses one raw record for the inspector, on demand (the model keeps only a few columns per event): the klog
 * header, the message, and every key=value pair of a structured line, or the members of a JSON line. Uses the
 * core's own linear scanners; values are cut to a readable length.
 */
import { findKlogHeader, newKlogHeader, SEVERITY_LETTERS } from '../../ingest/klog-header.ts';
import { quotedEnd, scanKeyValues, unquoteGo, valueString, type KeyValue } from '../../ingest/structured.ts';

export interface ParsedRecord {
  header: { severity: string; pid: number; caller: string } | undefined;
  message: string;
  fields: [key: string, value: string][];
  format: 'structured' | 'printf' | 'json' | 'text';
}

const MAX_VALUE_CHARS = 2_000;
const MAX_JSON_CHARS = 256 * 1024;

const cut = (s: string) => (s.length > MAX_VALUE_CHARS ? s.slice(0, MAX_VALUE_CHARS) + '…' : s);

function jsonValue(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

function parseJsonRecord(raw: string): ParsedRecord | undefined {
  const open = raw.indexOf('{');
  if (open < 0 || open > 200 || raw.length > MAX_JSON_CHARS) return undefined;
  let obj: unknown;
  try {
    obj = JSON.parse(raw.slice(open).split('\n')[0]);
  } catch {
    return undefined;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const record = obj as Record<string, unknown>;
  const message = typeof record.msg === 'string' ? record.msg : typeof record.MESSAGE === 'string' ? record.MESSAGE : '';
  const fields = Object.entries(record).filter(([k]) => k !== 'msg').slice(0, 200).map(([k, v]): [string, string] => [k, cut(jsonValue(v))]);
  return { header: undefined, message: cut(message), fields, format: 'json' };
}

export function parseRecordFields(raw: string): ParsedRecord {
  const header = newKlogHeader();
  if (!findKlogHeader(raw, 0, header)) {
    return parseJsonRecord(raw) ?? { header: undefined, message: cut(raw.split('\n')[0] ?? ''), fields: [], format: 'text' };
  }
  const info = { severity: SEVERITY_LETTERS[header.severity] ?? '?', pid: header.pid, caller: `${header.file}:${header.fileLine}` };
  const msgStart = header.msgStart;
  if (raw.charCodeAt(msgStart) === 34 /* " */) {
    const end = quotedEnd(raw, msgStart);
    if (end > 0) {
      const pairs: KeyValue[] = [];
      const n = scanKeyValues(raw, end, pairs, 128);
      const fields = pairs.slice(0, n).map((kv): [string, string] => [kv.key, cut(valueString(raw, kv))]);
      return { header: info, message: cut(unquoteGo(raw, msgStart, end)), fields, format: 'structured' };
    }
  }
  return { header: info, message: cut(raw.slice(msgStart)), fields: [], format: 'printf' };
}
