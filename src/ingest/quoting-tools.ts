/**
 * Tools that quote a kubelet's journal line inside a log line of their own: minikube, looking for problems as it
 * starts a cluster, logs `W0415 09:05:56.906342 23012 logs.go:135] Found kubelet problem: Apr 15 09:00:41 host
 * kubelet[23794]: E0415 09:00:41.701455 …`. The outer header is the tool's (its time, its pid, its file); the
 * kubelet's record is the quoted line, read in its place. Each entry is the text right before the quoted line.
 */
export const QUOTING_LEADS: readonly string[] = ['Found kubelet problem: '];

/** Where a quoted line starts after a tool's lead at `msgStart` of `text`, or -1. */
export function quotedLineStart(text: string, msgStart: number): number {
  for (const lead of QUOTING_LEADS) if (text.startsWith(lead, msgStart)) return msgStart + lead.length;
  return -1;
}

/** Where a quoted line starts after a tool's lead anywhere in the first part of `text`, or -1 (a cheap test first). */
export function quotedLineIn(text: string): number {
  for (const lead of QUOTING_LEADS) {
    const at = text.indexOf(lead);
    if (at > 0 && at < MAX_LEAD_AT) return at + lead.length;
  }
  return -1;
}

/** A lead further in is inside a message, not after the tool's header. */
const MAX_LEAD_AT = 300;

const LEAD_BYTES: readonly Uint8Array[] = QUOTING_LEADS.map((lead) => new TextEncoder().encode(lead));

/** The same test on bytes (the fast path leaves such lines to the ordinary way, which reads the quoted line). */
export function quotesALine(bytes: Uint8Array, msgStart: number, end: number): boolean {
  outer: for (const lead of LEAD_BYTES) {
    if (end - msgStart < lead.length || bytes[msgStart] !== lead[0]) continue;
    for (let i = 1; i < lead.length; i++) if (bytes[msgStart + i] !== lead[i]) continue outer;
    return true;
  }
  return false;
}
