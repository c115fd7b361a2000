/**
 * Go channel semantics over the scheduler's goroutines: a send hands the value to a waiting receiver or buffers
 * it, a receive takes from the buffer (refilling it from a blocked sender) or straight from a blocked sender, and a
 * closed channel yields zero values. Select arms register as waiters sharing one token, so the first arm to fire
 * disarms the others. The scheduler supplies a Waker to tell live waiters and to wake goroutines.
 */
import type { Chan, Waiter } from './ops.ts';

export interface Waker {
  /** The waiter's goroutine is still blocked and its select (if any) has not fired. */
  isLive(w: Waiter): boolean;
  /** Makes the goroutine runnable and resumes it with `value`. */
  wake(gid: number, value: unknown): void;
}

export function canRecv(ch: Chan<unknown>, k: Waker): boolean {
  return ch.buffer.length > 0 || ch.closed || ch.sendq.some((s) => k.isLive(s.w));
}

export function canSend(ch: Chan<unknown>, k: Waker): boolean {
  return ch.buffer.length < ch.capacity || ch.recvq.some((w) => k.isLive(w));
}

/** Delivers a value without blocking: to a waiting receiver, else into the buffer. False if it would block. */
export function sendNow(ch: Chan<unknown>, value: unknown, k: Waker): boolean {
  if (ch.closed) throw new Error(`send on closed channel ${ch.name}`);
  while (ch.recvq.length > 0) {
    const w = ch.recvq.shift()!;
    if (!k.isLive(w)) continue;
    w.token.fired = true;
    k.wake(w.gid, w.arm < 0 ? { value, ok: true } : { index: w.arm, value, ok: true });
    return true;
  }
  if (ch.buffer.length < ch.capacity) {
    ch.buffer.push(value);
    return true;
  }
  return false;
}

/** Takes a value without blocking, or undefined if it would block. */
export function recvNow(ch: Chan<unknown>, k: Waker): { value: unknown; ok: boolean } | undefined {
  if (ch.buffer.length > 0) {
    const value = ch.buffer.shift();
    refillFromSender(ch, k);
    return { value, ok: true };
  }
  while (ch.sendq.length > 0) {
    const s = ch.sendq.shift()!;
    if (!k.isLive(s.w)) continue;
    s.w.token.fired = true;
    k.wake(s.w.gid, s.w.arm < 0 ? undefined : { index: s.w.arm, value: undefined, ok: true });
    return { value: s.value, ok: true };
  }
  if (ch.closed) return { value: undefined, ok: false };
  return undefined;
}

function refillFromSender(ch: Chan<unknown>, k: Waker): void {
  while (ch.sendq.length > 0 && ch.buffer.length < ch.capacity) {
    const s = ch.sendq.shift()!;
    if (!k.isLive(s.w)) continue;
    s.w.token.fired = true;
    ch.buffer.push(s.value);
    k.wake(s.w.gid, s.w.arm < 0 ? undefined : { index: s.w.arm, value: undefined, ok: true });
  }
}

/** close(ch): every blocked receiver gets the zero value with ok=false. */
export function closeChan(ch: Chan<unknown>, k: Waker): void {
  if (ch.closed) return;
  ch.closed = true;
  for (const w of ch.recvq.splice(0)) {
    if (!k.isLive(w)) continue;
    w.token.fired = true;
    k.wake(w.gid, w.arm < 0 ? { value: undefined, ok: false } : { index: w.arm, value: undefined, ok: false });
  }
}
