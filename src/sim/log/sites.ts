/**
 * Every line the simulated kubelet can print, as data: for each call site, the catalog entry and the exact text it
 * uses in each logging era (printf ≤1.20, structured 1.21+), the structured keys in the order the kubelet passes
 * them, the verbosity, the severity, and the source file:line per build where the reference (or a seed) knows it.
 * Every 1.28 line was checked against a copy of the kubelet's 1.28 source. The 1.23 lines come from the seeds' logs
 * (a later 1.23 patch); where a file's seed-verified lines match the 1.23.0 source, its other lines were taken from
 * that source. Lines still estimated say so.
 * The catalog stays the single source of truth for message text: a unit test checks every text here against it.
 * The rows live in sites-pods.ts and sites-runtime.ts.
 */
import type { SiteVariant } from './site-types.ts';
import { POD_SITES } from './sites-pods.ts';
import { RUNTIME_SITES } from './sites-runtime.ts';

export type { Sev, SiteVariant } from './site-types.ts';

export const SITES: Record<string, readonly SiteVariant[]> = { ...POD_SITES, ...RUNTIME_SITES };

/** The variant of a call site a kubelet of this minor version prints, or undefined if it has none. */
export function resolveSite(site: string, minor: number): SiteVariant | undefined {
  const variants = SITES[site];
  if (!variants) throw new Error(`unknown log site ${site}`);
  for (const v of variants) if (minor >= v.from && minor <= v.to) return v;
  return undefined;
}
