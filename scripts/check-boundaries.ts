/**
 * The layering rule, checked rather than hoped for (codebase-anchors §2.3):
 *   - the pure core (ingest, catalog, model, findings, sim, trace, util) imports only the core and a short list of
 *     pure packages — never React, zustand, d3, the DOM-facing folders or Node built-ins;
 *   - render/ draws with canvas and d3 but never imports React or the store;
 *   - the simulator uses no wall clock and no unseeded randomness.
 * tsconfig.core.json (no DOM lib, no Node types) catches DOM and Node *usage*; this script catches *imports*.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CORE = ['ingest', 'catalog', 'model', 'findings', 'sim', 'trace', 'util'];
const RULES: Record<string, { allowDirs: string[]; allowPackages: RegExp }> = {
  ...Object.fromEntries(CORE.map((d) => [d, { allowDirs: CORE, allowPackages: /^(papaparse)$/ }])),
  worker: { allowDirs: [...CORE, 'worker'], allowPackages: /^(papaparse)$/ },
  render: { allowDirs: [...CORE, 'render'], allowPackages: /^d3(-[a-z]+)?$/ },
  store: { allowDirs: [...CORE, 'store', 'worker', 'render'], allowPackages: /^(zustand(\/.*)?|d3(-[a-z]+)?)$/ },
  cli: { allowDirs: [...CORE, 'cli'], allowPackages: /^(node:.*|papaparse)$/ },
};
const WALL_CLOCK = /\b(Date\.now|performance\.now|Math\.random|new Date\(\s*\))/;

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const problems: string[] = [];
for (const file of files(join(ROOT, 'src'))) {
  const rel = relative(join(ROOT, 'src'), file);
  const top = rel.split('/')[0];
  const rule = RULES[top];
  const text = readFileSync(file, 'utf8');
  if (top === 'sim') {
    text.split('\n').forEach((line, i) => {
      if (WALL_CLOCK.test(line) && !line.trimStart().startsWith('//') && !line.trimStart().startsWith('*')) {
        problems.push(`src/${rel}:${i + 1}: the simulator must not read the wall clock or unseeded randomness`);
      }
    });
  }
  if (!rule) continue;
  const importRe = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) {
      const target = relative(join(ROOT, 'src'), join(file, '..', spec)).split('/')[0];
      if (!rule.allowDirs.includes(target)) problems.push(`src/${rel}: imports src/${target}/ (${top}/ may import only ${rule.allowDirs.join(', ')})`);
    } else if (!rule.allowPackages.test(spec)) {
      problems.push(`src/${rel}: imports package "${spec}" (not allowed in ${top}/)`);
    }
  }
}
if (problems.length) {
  console.error(`Layering violations (${problems.length}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('boundaries: ok');
