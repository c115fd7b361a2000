/**
 * Places where a kubelet message always goes on, with how its rest begins. A paste that broke the line there (an
 * issue's author putting the error on a line of its own) left the rest on the next line with no header:
 *
 *   E0614 … nestedpendingoperations.go:267] Operation for "…" failed. No retries permitted until … (durationBeforeRetry 2m2s).
 *   Error: "UnmountVolume.TearDown failed for volume …"
 *
 * Only the kubelet's own fixed wording counts, so prose after a record is never taken for its rest.
 */
export interface SplitPoint {
  /** The record's text so far ends so (tested on its last characters only). */
  ends: RegExp;
  /** And the next line starts with this. */
  next: string;
  /**
   * What goes between the two parts when they are joined: a space, nothing where the break fell inside a word, or a
   * newline where the message itself has one (a command's output it quotes).
   */
  joiner: '' | ' ' | '\n';
}

const SPLIT_POINTS: readonly SplitPoint[] = [
  // nestedpendingoperations.go's retry notice: "… (durationBeforeRetry 2m2s). Error: …"
  { ends: /\(durationBeforeRetry [0-9a-zµ.]{1,24}\)\.\s*$/, next: 'Error: ', joiner: ' ' },
  // The event recorder's printf line (`Event(api.ObjectReference{…}): type: 'Normal' reason: 'BackOff' …`), broken
  // after the object or inside the type's quotes (kubernetes/kubernetes#19677).
  { ends: /\}\)\s*$/, next: ': type: \'', joiner: '' },
  { ends: /\): type: '$/, next: 'Normal\' reason: \'', joiner: '' },
  { ends: /\): type: '$/, next: 'Warning\' reason: \'', joiner: '' },
  // A failed mount quotes the mount command's arguments and output on lines of their own (mount_linux.go), as the
  // kubelet printed them (kubernetes/kubernetes#30310).
  { ends: /[Mm]ount failed: exit status \d{1,3}\s*$/, next: 'Mounting arguments: ', joiner: '\n' },
  { ends: /\nMounting arguments: [^\n]*$/, next: 'Output: ', joiner: '\n' },
];

/** How many of the record's last characters are looked at (a mount's arguments line is long). */
const TAIL_CHARS = 512;

/**
 * The split point at which `line` from `p` goes on with the message `record` holds so far (its end read only when the
 * line begins so), or undefined.
 */
export function continuesAtSplitPoint(record: { tail(chars: number): string }, line: string, p: number): SplitPoint | undefined {
  for (const s of SPLIT_POINTS) {
    if (line.startsWith(s.next, p) && s.ends.test(record.tail(TAIL_CHARS))) return s;
  }
  return undefined;
}
