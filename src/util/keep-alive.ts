/**
 * Holds an object alive for the rest of the process, under a name (a later call with the same name replaces it).
 * For the few places that must outlive their use on purpose — see reconstruct.ts's reason — and written as a call
 * on a Map so that a bundler's tree-shaking cannot drop it as an assignment nothing reads.
 */
const kept = new Map<string, unknown>();

export function keepAlive(name: string, value: unknown): void {
  kept.set(name, value);
}

/** What keepAlive holds under `name` (for tests). */
export function keptAlive(name: string): unknown {
  return kept.get(name);
}
