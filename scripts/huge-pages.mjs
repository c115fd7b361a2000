/**
 * Transparent huge pages for the command line and the benchmark.
 *
 * Most of what analysing a big log allocates is large typed arrays (the event columns, the line offsets), and on
 * some Linux VMs every page a process touches for the first time costs a trip through the hypervisor: on the
 * benchmark's VM ~11 µs per 4 KB page, so touching 64 MB of fresh memory took ~185 ms. glibc (2.35 and later) puts
 * its large allocations in 2 MB pages when GLIBC_TUNABLES says `glibc.malloc.hugetlb=1`: the same 64 MB then took
 * ~117 ms, and ~15 ms when memory freed a moment before was used again; the 200 MB benchmark ran ~10% faster.
 *
 * glibc reads the variable once, when a process starts: so the CLI's launcher (syncloop.mjs) starts the CLI with it,
 * and the benchmark its measuring processes. Elsewhere (another C library, huge pages off in the kernel) it changes
 * nothing. SYNCLOOP_HUGE_PAGES=0 leaves the environment as it is.
 */
export const HUGE_PAGES_TUNABLE = 'glibc.malloc.hugetlb=1';

/** `env` with the tunable added to any others (unchanged if it sets hugetlb already, or SYNCLOOP_HUGE_PAGES=0). */
export function withHugePages(env) {
  const tunables = env.GLIBC_TUNABLES;
  if (env.SYNCLOOP_HUGE_PAGES === '0' || tunables?.includes('glibc.malloc.hugetlb')) return env;
  return { ...env, GLIBC_TUNABLES: tunables ? `${tunables}:${HUGE_PAGES_TUNABLE}` : HUGE_PAGES_TUNABLE };
}
