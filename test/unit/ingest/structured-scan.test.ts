/**
 * Where a structured record's text ends inside a value: the classifier learns it from its one scan of the pairs
 * (scanKeyValues with an EndReport), and cutInside (the ordinary way's check) is that same scan. Both are checked
 * against a plain character-by-character reading written here, on random whole, damaged and cut texts; past the
 * scan's pair limit the report says it does not know.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutInside, quotedEnd, scanKeyValues, valueString, type EndReport, type KeyValue } from '../../../src/ingest/structured.ts';

const CUT = -2;

/** End after a Go-quoted string at i; -1 at a newline; CUT if the text ends first. */
function quoteEnd(s: string, i: number): number {
  for (let p = i + 1; p < s.length; p++) {
    if (s[p] === '\\') { p++; continue; }
    if (s[p] === '"') return p + 1;
    if (s[p] === '\n') return -1;
  }
  return CUT;
}

/** End after a bracketed value at i (quotes honoured); -1 at a newline; CUT if the text ends first. */
function bracketValueEnd(s: string, i: number): number {
  let depth = 0;
  for (let p = s[i] === '&' ? i + 1 : i; p < s.length; p++) {
    const c = s[p];
    if (c === '"') {
      const q = quoteEnd(s, p);
      if (q < 0) return q;
      p = q - 1;
    } else if ('[{('.includes(c)) depth++;
    else if (']})'.includes(c)) { if (--depth === 0) return p + 1; }
    else if (c === '\n') return -1;
  }
  return CUT;
}

/** The reference: the first pairs' values read one by one; the answer is about the end of the text only. */
function cutReference(s: string): string {
  let p = quoteEnd(s, 0);
  if (p === CUT) return 'inside its message (the quote is not closed)';
  if (p < 0) return '';
  for (let pairs = 0; p < s.length && pairs < 512; pairs++) {
    while (s[p] === ' ') p++;
    const m = /^[A-Za-z0-9_.-]+=/.exec(s.slice(p, p + 100_000));
    if (!m) return '';
    const key = m[0].slice(0, -1).slice(0, 64);
    p += m[0].length;
    if (p === s.length) return `after ${key}= (no value)`;
    const c = s[p];
    if (c === '"') {
      p = quoteEnd(s, p);
      if (p === CUT) return `inside the value of ${key}= (its quote is not closed)`;
    } else if (c === '[' || c === '{' || (c === '&' && s[p + 1] === '{')) {
      p = bracketValueEnd(s, p);
      if (p === CUT) return `inside the value of ${key}= (a "${c === '&' ? '{' : c}" is not closed)`;
    } else if (c === '<' && (p + 1 === s.length || s[p + 1] === '\n')) {
      const close = s.indexOf('\n >', p);
      if (close < 0) return `inside the multi-line value of ${key}= (no closing " >")`;
      p = close + 3;
    } else {
      while (p < s.length && s[p] !== ' ' && s[p] !== '\n') p++;
    }
    if (p < 0) return '';
  }
  return '';
}

/** Pieces of structured klog text, whole and broken, so that random joins and cuts meet every case. */
const PIECES = [
  '"SyncLoop ADD"', '"Probe failed', ' source="api"', ' pods=["default/web-0", "default/web-1"]', ' pods=[default/web-0]',
  ' event=&{ID:5f1c Type:ContainerDied Data:ab}', ' status={Phase:Running Conditions:[{Type:Ready Status:True}]}',
  ' patch=<\n\t{"a":1}\n >', ' patch=<', ' err="context deadline exceeded"', ' gracePeriod=30', ' key=', ' ', '=', '"', '[', '{',
  ']', '}', '(', ')', '\\', '\\"', '\n', 'x', ' a.b-c_d=', '&{', 'é',
];

function viaScan(text: string, maxPairs: number): string | undefined {
  const q = quotedEnd(text, 0);
  if (q <= 0) return undefined;
  const report: EndReport = { why: 'unset', known: false };
  scanKeyValues(text, q, [] as KeyValue[], maxPairs, report);
  return report.known ? report.why : undefined;
}

describe('where a structured text ends', () => {
  it('cutInside and the classifier\'s scan read it as a character-by-character reading does', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }), fc.nat(400), fc.constantFrom(2, 64),
      (pieces, cutAt, maxPairs) => {
        const whole = '"msg"' + pieces.join('');
        const text = whole.slice(0, Math.max(1, whole.length - (cutAt % whole.length)));
        const expected = cutReference(text);
        expect(cutInside(text, 0)).toBe(expected);
        const scanned = viaScan(text, maxPairs);
        if (scanned !== undefined) expect(scanned).toBe(expected);
      },
    ), { numRuns: 4000 });
  });

  it('the scan knows on ordinary lines and on lines cut in each kind of value', () => {
    const lines = [
      '"SyncLoop ADD" source="api" pods=["default/web-0", "defau',
      '"Killing container with a grace period" pod="default/web-0" gracePeriod=',
      '"PLEG event" event=&{ID:5f1c Type:Contai',
      '"Patch status for pod" pod="default/a" patch=<',
      '"Probe failed" err="context deadline',
      '"Status for pod updated successfully" pod="default/web-0" statusVersion=3 status={Phase:Running}',
    ];
    for (const line of lines) expect(viaScan(line, 64)).toBe(cutReference(line));
    expect(lines.map((l) => viaScan(l, 64) !== '')).toEqual([true, true, true, true, true, false]);
  });

  it('the scan does not claim to know past its pair limit; cutInside looks further', () => {
    const many = '"m"' + Array.from({ length: 70 }, (_, i) => ` k${i}=v`).join('') + ' last="cut';
    expect(viaScan(many, 64)).toBeUndefined();
    expect(cutInside(many, 0)).toBe('inside the value of last= (its quote is not closed)');
    expect(cutReference(many)).toBe(cutInside(many, 0));
  });
});

describe('a value as a string', () => {
  it('an unquoted value that kept only its closing quote (the opening one lost in a paste) is read without it', () => {
    const text = 'pod=-1/datacenter1-dc-0" podUID="c1745bf9" phase=Running path=a"b"';
    const pairs: KeyValue[] = [];
    const n = scanKeyValues(text, 0, pairs);
    expect(pairs.slice(0, n).map((kv) => [kv.key, valueString(text, kv)])).toEqual([
      ['pod', '-1/datacenter1-dc-0'], ['podUID', 'c1745bf9'], ['phase', 'Running'],
      // A value with quotes of its own inside keeps them: that is no lost opening quote.
      ['path', 'a"b"'],
    ]);
  });
});
