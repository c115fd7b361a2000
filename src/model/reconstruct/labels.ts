/**
 * The short details that go after a state's name on its band (`waiting (ErrImagePull)`, `killing (liveness probe
 * failed) grace 30s`), read from a line's text. Bounded in length: log text can be anything.
 */

export function shortText(s: string, max: number): string {
  return s.length > max ? s.slice(0, max) + '…' : s;
}

/** `ErrImagePull`, `ImagePullBackOff`, or the start failure's reason, for a waiting container's label. */
export function waitingReason(kind: string, text: string): string {
  if (kind === 'image.backoff' || kind === 'event.image-backoff') return 'ImagePullBackOff';
  if (kind === 'image.pull-failed' || kind === 'event.image-pull-failed') return 'ErrImagePull';
  return shortText(text || 'start failed', 40);
}

/** `back-off 40s restarting failed container=…` → `(back-off 40s)`: the current CrashLoopBackOff delay. */
export function backoffDetail(text: string): string {
  const lower = text.toLowerCase();
  const at = lower.indexOf('back-off ');
  if (at < 0) return '(back-off)';
  let end = at + 9;
  while (end < text.length && end < at + 20 && text.charCodeAt(end) !== 32) end++;
  return `(back-off ${text.slice(at + 9, end)})`;
}

/** "Container spec hash changed (1 vs 2).. Container will be killed…" → "(spec hash changed)". */
export function killReason(msg: string): string {
  const m = msg.toLowerCase();
  if (m.includes('hash changed') || m.includes('definition changed')) return '(spec hash changed)';
  if (m.includes('liveness')) return '(liveness probe failed)';
  if (m.includes('startup')) return '(startup probe failed)';
  return msg ? `(${shortText(msg, 40)})` : '';
}
