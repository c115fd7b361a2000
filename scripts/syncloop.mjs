/**
 * `npm run syncloop -- …`: starts the command line (src/cli/main.ts, through tsx's loader) in a process with huge
 * pages for large allocations (huge-pages.mjs says why this needs a process of its own), and exits with its status.
 */
import { spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { withHugePages } from './huge-pages.mjs';

const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
// Resolved from here, so the launcher works from any directory.
const tsx = import.meta.resolve('tsx');
const child = spawnSync(process.execPath, [...process.execArgv, '--import', tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit', env: withHugePages(process.env),
});
if (child.error) {
  process.stderr.write(`syncloop: could not start the command line: ${child.error.message}\n`);
  process.exit(2);
}
// A child killed by a signal: the shell's convention, 128 + the signal's number.
process.exit(child.status ?? 128 + (constants.signals[child.signal] ?? 0));
