/**
 * Records glued onto one line by a terminal copy: a terminal pads each row to its width with spaces, and a copy that
 * lost the line breaks leaves the next record right after that padding (`… podUID="b105…"          I0419 20:35:13.767535
 * 13942 kubelet_pods.go:1890] "Generating pod status" …`). The line is cut where a run of at least MIN_PAD_SPACES
 * spaces is followed by the start of a record of the line's own form (its wrapper, or a klog header); a klog header
 * pads its pid to seven characters, so a run that long is never the header's own.
 */

/** Spaces in a run before a glued record (more than a klog header's padded pid ever has). */
export const MIN_PAD_SPACES = 8;
const PAD = ' '.repeat(MIN_PAD_SPACES);
/** What of the text after a run the record test needs (a wrapper and a klog header fit). */
const START_CHARS = 160;
/** Runs looked at on one line: a line of many padded columns (a table) is not searched to its end. */
const MAX_RUNS = 64;

/**
 * Where the first glued record of `text` begins (after its padding), or -1. `startsRecord(start, line)`: whether
 * `start` begins a record of the same form as the line `line` does.
 */
export function gluedRecordAt(text: string, startsRecord: (start: string, line: string) => boolean): number {
  let at = text.indexOf(PAD);
  // (Not the line's own indentation — a markdown code block's, a list item's — with nothing glued before it.)
  const content = at >= 0 ? text.search(/\S/) : -1;
  for (let runs = 0; at >= 0 && runs < MAX_RUNS; runs++) {
    let end = at + MIN_PAD_SPACES;
    while (text.charCodeAt(end) === 32) end++;
    if (content >= 0 && content < at && end < text.length && startsRecord(text.slice(end, end + START_CHARS), text)) return end;
    at = text.indexOf(PAD, end);
  }
  return -1;
}
