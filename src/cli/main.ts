/**
 * The Syncloop command line: the same pure core as the browser app, run in Node.
 *
 *   npm run --silent syncloop -- analyze FILE... [--json] [--year YYYY]
 *   npm run --silent syncloop -- export FILE... --format trace|chrome|csv [--out FILE]
 *   npm run --silent syncloop -- link FILE... [--pod NS/NAME]... [--from TIME] [--to TIME] [--sanitize] [--base URL]
 *   npm run --silent syncloop -- simulate --list | SCENARIO [--variant buggy|fixed] [--seed N] [--version X] [--json]
 */
import { analyzeJson, analyzeText } from './analyze-command.ts';
import { loadAnyInput } from './export-command.ts';
import { runDetectors } from '../findings/run.ts';
import { exportCommand } from './export-command.ts';
import { linkCommand } from './link-command.ts';
import { simulateCommand } from './simulate-command.ts';
import { InputError } from './read-files.ts';

const USAGE = `Usage:
  syncloop analyze FILE... [--json] [--year YYYY]   reconstruct pods and goroutine lanes, report findings
                                                    (kubelet logs, a CSV event table or a Syncloop trace file;
                                                    - reads standard input: journalctl -u kubelet | syncloop analyze -)
  syncloop export FILE... --format trace|chrome|csv [--out FILE]
                                                    write a trace file (.gz: gzipped), Chrome Trace Event JSON or CSV
  syncloop link FILE... [--pod NS/NAME]... [--from TIME] [--to TIME] [--sanitize] [--sanitize-uids]
                 [--sanitize-well-known] [--base URL]
                                                    print a link that opens the log in the app (data in the fragment):
                                                    the whole log when small, or these pods' lines within the window;
                                                    sanitized: names, IPs, images (+ UIDs and container IDs,
                                                    + default/kube-system… namespaces)
  syncloop simulate --list                          list the simulator's scenarios
  syncloop simulate SCENARIO [--variant buggy|fixed] [--seed N] [--version X] [--verbosity N] [--pods N] [--hours H]
                   [--out FILE] [--json]            write the simulated kubelet log (stdout or FILE); --json: run summary
  syncloop help                                     this text
`;

interface Parsed {
  command: string;
  files: string[];
  /** Each flag's last value (true for a flag without one). */
  flags: Map<string, string | true>;
  /** Every value of a flag given several times (`--pod a --pod b`), in order. */
  repeated: Map<string, string[]>;
  /** The options given, in order (`--name` without its value; `-x` for a short one). */
  options: string[];
}

/** The options each command takes; anything else is refused with the command's usage. */
const COMMAND_FLAGS: Readonly<Record<string, readonly string[]>> = {
  analyze: ['--json', '--year'],
  export: ['--format', '--out', '--year'],
  link: ['--pod', '--from', '--to', '--sanitize', '--sanitize-uids', '--sanitize-well-known', '--base', '--year'],
  simulate: ['--list', '--json', '--variant', '--seed', '--version', '--verbosity', '--pods', '--hours', '--out'],
};

/** The lines of USAGE about `command`. */
function usageOf(command: string): string {
  const lines = USAGE.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    if (line.startsWith(`  syncloop ${command} `)) out.push(line);
    else if (out.length && line.startsWith('   ') && !line.trimStart().startsWith('syncloop')) out.push(line);
    else if (out.length) break;
  }
  return `Usage:\n${out.join('\n')}\n`;
}

/** An option the command does not take (or a short one such as `-j`: there are none) is an error, not a file name. */
function checkOptions(args: Parsed): void {
  const known = COMMAND_FLAGS[args.command];
  if (!known) return;
  const unknown = args.options.find((flag) => !known.includes(flag));
  if (unknown) throw new InputError(`${args.command}: unknown option ${unknown}\n${usageOf(args.command)}`);
}

/** Flags that take a value. */
const VALUE_FLAGS = new Set(['--year', '--variant', '--seed', '--version', '--out', '--format', '--verbosity', '--hours', '--pods', '--base', '--pod', '--from', '--to']);

export function parseArgs(argv: string[]): Parsed {
  const [command = 'help', ...rest] = argv;
  const files: string[] = [];
  const flags = new Map<string, string | true>();
  const repeated = new Map<string, string[]>();
  const options: string[] = [];
  const set = (flag: string, value: string) => {
    flags.set(flag, value);
    repeated.set(flag, [...(repeated.get(flag) ?? []), value]);
  };
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      options.push(eq > 0 ? a.slice(0, eq) : a);
      if (eq > 0) set(a.slice(0, eq), a.slice(eq + 1));
      else if (VALUE_FLAGS.has(a)) {
        if (i + 1 >= rest.length) throw new InputError(`${a} needs a value`);
        set(a, rest[++i]);
      } else flags.set(a, true);
    } else if (a.length > 1 && a.startsWith('-')) {
      options.push(a);
    } else files.push(a);
  }
  return { command, files, flags, repeated, options };
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  checkOptions(args);
  switch (args.command) {
    case 'analyze': {
      if (args.files.length === 0) throw new InputError('analyze needs at least one FILE');
      const y = args.flags.get('--year');
      let year: number | undefined;
      if (y !== undefined) {
        year = Number(y);
        if (!Number.isInteger(year) || year < 1970 || year > 2200) throw new InputError(`--year ${String(y)}: expected a year such as 2024`);
      }
      // Logs, a CSV event table or a Syncloop trace file: the same inputs `export` reads.
      const { trace } = await loadAnyInput(args.files, year);
      if (trace.findings.length === 0) trace.findings = runDetectors(trace);
      process.stdout.write(args.flags.has('--json') ? JSON.stringify(analyzeJson(trace), null, 2) + '\n' : analyzeText(trace) + '\n');
      return 0;
    }
    case 'export':
      return exportCommand(args.files, args.flags);
    case 'link':
      return linkCommand(args.files, args.flags, args.repeated);
    case 'simulate':
      return simulateCommand(args.files, args.flags);
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return 0;
    default:
      throw new InputError(`unknown command "${args.command}"\n${USAGE}`);
  }
}

// A reader that stops early (`syncloop analyze big.log | head`) closes the pipe: the output is no longer wanted, which
// is no error of ours. Stop quietly, with the status a shell gives a process its pipe closed (141 = 128 + SIGPIPE).
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(141);
});

main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (e) => {
    if (e instanceof InputError) {
      process.stderr.write(`syncloop: ${e.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`syncloop: internal error: ${(e as Error).stack ?? String(e)}\n`);
      process.exitCode = 2;
    }
  },
);
