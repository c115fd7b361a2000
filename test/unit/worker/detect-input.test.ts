/**
 * What a dropped file is (worker/detect-input.ts): a trace file by its first bytes, plain or gzipped (also when the
 * name says nothing); a CSV event table by its name or its header row; anything else is a log for the parser.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { analyzeText } from '../../helpers.ts';
import { encodeTraceFile } from '../../../src/trace/trace-file.ts';
import { detectInputKind, looksLikeCsvHeader } from '../../../src/worker/detect-input.ts';

const traceText = encodeTraceFile({ trace: analyzeText('I0312 10:42:26.101676 2353235 kubelet.go:1887] SyncLoop (ADD, "api"): "a_b(c)"\n', 'x.log'), notes: [] });
const blob = (data: string | Uint8Array) => new Blob([data as BlobPart]);

describe('input detection', () => {
  test('a trace file, plain or gzipped, whatever its name', async () => {
    await expect(detectInputKind(blob(traceText), 'incident.json')).resolves.toBe('trace-file');
    await expect(detectInputKind(blob(gzipSync(traceText)), 'download')).resolves.toBe('trace-file');
    await expect(detectInputKind(blob(`\n  ${traceText}`), 'x')).resolves.toBe('trace-file');
  });

  test('a CSV table by its name or by a header with time and message columns', async () => {
    await expect(detectInputKind(blob('a,b\n1,2\n'), 'events.CSV')).resolves.toBe('csv');
    await expect(detectInputKind(blob(gzipSync('a,b\n')), 'events.csv.gz')).resolves.toBe('csv');
    await expect(detectInputKind(blob('\uFEFF"Time_US","Message"\n1,x\n'), 'table.txt')).resolves.toBe('csv');
    expect(looksLikeCsvHeader('time\tmessage\n')).toBe(true);
    expect(looksLikeCsvHeader('time,severity\n')).toBe(false);
  });

  test('logs stay logs: klog, JSON logging, other JSON, binary, empty', async () => {
    await expect(detectInputKind(blob('I0312 10:42:26.101676 2353235 kubelet.go:1887] time,message\n'), 'kubelet.log')).resolves.toBe('log');
    await expect(detectInputKind(blob('{"ts":1,"msg":"SyncLoop ADD","format":"syncloop-trace"}\n'), 'kubelet.json')).resolves.toBe('log');
    await expect(detectInputKind(blob(new Uint8Array([0x1f, 0x8b, 1, 2, 3])), 'broken.gz')).resolves.toBe('log');
    await expect(detectInputKind(blob(''), 'empty.log')).resolves.toBe('log');
  });
});
