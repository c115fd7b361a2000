/**
 * What a dropped file is (worker/detect-input.ts), from its first bytes alone (its name is not read): a trace file,
 * plain or gzipped; a CSV event table by its header row; anything else — a log platform's CSV download included — is
 * a log for the parser.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../helpers.ts';
import { encodeTraceFile } from '../../../src/trace/trace-file.ts';
import { detectInputKind } from '../../../src/worker/detect-input.ts';
import { isEventTableHeader } from '../../../src/trace/csv-import.ts';
import { CSV_COLUMNS } from '../../../src/trace/csv.ts';

const traceText = encodeTraceFile({ trace: analyzeText('I0312 10:42:26.101676 2353235 kubelet.go:1887] SyncLoop (ADD, "api"): "a_b(c)"\n', 'x.log'), notes: [] });
const blob = (data: string | Uint8Array) => new Blob([data as BlobPart]);

describe('input detection', () => {
  test('a trace file, plain or gzipped, whatever its name', async () => {
    await expect(detectInputKind(blob(traceText))).resolves.toBe('trace-file');
    await expect(detectInputKind(blob(gzipSync(traceText)))).resolves.toBe('trace-file');
    await expect(detectInputKind(blob(`\n  ${traceText}`))).resolves.toBe('trace-file');
  });

  test('a CSV event table by its header: time (or time_us) and message, and time_us or only event-table columns', async () => {
    await expect(detectInputKind(blob(`${CSV_COLUMNS.join(',')}\n`))).resolves.toBe('csv');
    await expect(detectInputKind(blob(gzipSync(`${CSV_COLUMNS.join(',')}\n`)))).resolves.toBe('csv');
    await expect(detectInputKind(blob('\uFEFF"Time_US","Message"\n1,x\n'))).resolves.toBe('csv');
    expect(isEventTableHeader('time\tmessage\n')).toBe(true);
    expect(isEventTableHeader('time,node,severity,message\r\n')).toBe(true);
    expect(isEventTableHeader('time,severity\n')).toBe(false);
  });

  test('other CSV files are logs, whatever their name: a log platform\'s download goes to the log reader', async () => {
    await expect(detectInputKind(blob('Date,Host,Service,Message\n'))).resolves.toBe('log');
    await expect(detectInputKind(blob('"@timestamp","@message"\n'))).resolves.toBe('log');
    // time and message beside a platform's own column (host): a log table, not an event table.
    await expect(detectInputKind(blob('time,host,message\n'))).resolves.toBe('log');
    await expect(detectInputKind(blob('a,b\n1,2\n'))).resolves.toBe('log');
  });

  test('logs stay logs: klog, JSON logging, other JSON, binary, empty', async () => {
    await expect(detectInputKind(blob('I0312 10:42:26.101676 2353235 kubelet.go:1887] time,message\n'))).resolves.toBe('log');
    await expect(detectInputKind(blob('{"ts":1,"msg":"SyncLoop ADD","format":"syncloop-trace"}\n'))).resolves.toBe('log');
    await expect(detectInputKind(blob(new Uint8Array([0x1f, 0x8b, 1, 2, 3])))).resolves.toBe('log');
    await expect(detectInputKind(blob(''))).resolves.toBe('log');
  });
});
