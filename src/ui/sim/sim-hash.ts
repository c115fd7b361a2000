/**
 * The simulation view's own address, so a reload (or a bookmark) lands on the same step of the same run:
 *
 *   #sim=readiness-init-race&variant=buggy&version=1.12&seed=3&verbosity=3&step=42
 *       &choice=31:sync-loop            one per scheduling choice: step, then the goroutine
 *       &fault=12:slow-runtime::20000000:10   one per injected fault: step:kind:target:durationUs:factor
 *   #simulations                        the scenario gallery
 *
 * Parsing is bounded (length, entry count) and never throws: anything unreadable is left out, and what remains is
 * checked by resolveSimInit like any other request.
 */
import { faultToShare, SIM_LIMITS, type SimInit } from '../../store/sim-params.ts';
import type { SimState } from '../../store/sim-snapshot.ts';
import type { SimChoice, SimFault } from '../../trace/share-types.ts';

export const GALLERY_HASH = '#simulations';
const MAX_HASH_CHARS = 256 * 1024;

export function isSimHash(hash: string): boolean {
  return hash.startsWith('#sim=');
}

export function simHash(state: SimState): string {
  const p = new URLSearchParams();
  p.set('sim', state.scenario);
  p.set('variant', state.variant);
  p.set('version', state.version);
  p.set('seed', String(state.seed));
  p.set('verbosity', String(state.verbosity));
  p.set('step', String(state.step));
  for (const c of state.choices ?? []) p.append('choice', `${c.step}:${c.goroutine}`);
  for (const f of (state.faults ?? []).map(faultToShare)) {
    p.append('fault', [f.step, f.kind, f.target ?? '', f.params?.durationUs ?? '', f.params?.factor ?? ''].map((x) => encodeURIComponent(String(x))).join(':'));
  }
  return `#${p.toString()}`;
}

function intOf(text: string | null): number | undefined {
  if (text === null || !/^[0-9]{1,16}$/.test(text)) return undefined;
  return Number(text);
}

function numberOf(text: string): number | undefined {
  if (text === '' || text.length > 24) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return '';
  }
}

export function parseSimHash(hash: string): SimInit | undefined {
  if (!isSimHash(hash) || hash.length > MAX_HASH_CHARS) return undefined;
  const p = new URLSearchParams(hash.slice(1));
  const scenario = p.get('sim');
  if (!scenario) return undefined;
  const choices: SimChoice[] = [];
  for (const c of p.getAll('choice').slice(0, SIM_LIMITS.maxEntries)) {
    const colon = c.indexOf(':');
    const step = intOf(c.slice(0, colon));
    if (colon > 0 && step !== undefined) choices.push({ step, goroutine: c.slice(colon + 1) });
  }
  const faults: SimFault[] = [];
  for (const f of p.getAll('fault').slice(0, SIM_LIMITS.maxEntries)) {
    const [stepText, kind, target, duration, factor] = f.split(':', 5).map(decode);
    const step = intOf(stepText ?? null);
    if (step === undefined || !kind) continue;
    const params: Record<string, number> = {};
    const durationUs = numberOf(duration ?? '');
    const factorValue = numberOf(factor ?? '');
    if (durationUs !== undefined) params.durationUs = durationUs;
    if (factorValue !== undefined) params.factor = factorValue;
    faults.push({ step, kind, ...(target ? { target } : {}), params });
  }
  return {
    scenario, variant: p.get('variant') ?? undefined, version: p.get('version') ?? undefined,
    seed: intOf(p.get('seed')), verbosity: intOf(p.get('verbosity')), step: intOf(p.get('step')), choices, faults,
  };
}
