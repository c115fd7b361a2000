/**
 * `syncloop link FILE... [--pod NS/NAME]... [--from TIME] [--to TIME]
 *   [--sanitize] [--sanitize-uids] [--sanitize-well-known] [--base URL] [--year YYYY]`
 *
 * Prints a link that opens the log in the app. The lines travel inside the URL fragment (never sent to a server):
 * the whole log when it is small, otherwise every kubelet record without the other lines. --pod / --from / --to
 * choose what it carries the way the app's Share dialog does (those pods' lines and the node's own, within the
 * window: trace/link-selection.ts, trace/link-logs.ts), and the link opens on that window. --sanitize replaces
 * names, IPs and image references with pseudonyms first (what was replaced is listed on stderr); --sanitize-uids
 * also pod UIDs and container IDs, --sanitize-well-known also default, kube-system… where printed as namespaces
 * (either implies --sanitize). Size warnings go to stderr; stdout holds only the link. A link too long for a browser to open is not printed: exit status 1.
 */
import { InputError } from './read-files.ts';
import { loadAnyInput, yearFlag } from './export-command.ts';
import { chooseLogLines } from '../trace/link-logs.ts';
import { selectionFromWords, SelectionError } from '../trace/link-selection.ts';
import { DEFAULT_APP_URL, encodeShareLink, LINK_LIMITS, LINK_SIZE_WARNINGS, linkSize } from '../trace/link.ts';
import type { StableViewState } from '../trace/share-types.ts';
import { sanitizeTrace } from '../trace/sanitize-trace.ts';
import type { PreviewEntry } from '../trace/sanitize.ts';

function baseUrl(flags: Map<string, string | true>): string {
  const base = flags.get('--base') ?? DEFAULT_APP_URL;
  if (base === true) throw new InputError('--base needs a URL');
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new InputError(`--base ${base}: not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError(`--base ${base}: expected an http or https URL`);
  return base;
}

function previewSummary(preview: PreviewEntry[]): string {
  const used = preview.filter((p) => p.count > 0);
  const byCategory = new Map<string, number>();
  for (const p of used) byCategory.set(p.category, (byCategory.get(p.category) ?? 0) + 1);
  const lines = [`sanitized: ${used.length} names replaced (${[...byCategory].map(([c, n]) => `${n} ${c}`).join(', ') || 'nothing found'})`];
  for (const p of used.slice(0, 50)) lines.push(`  ${p.pseudonym.padEnd(16)} ← ${p.original} (${p.count}×)`);
  if (used.length > 50) lines.push(`  … ${used.length - 50} more`);
  return lines.join('\n');
}

/** What was chosen, for the report on stderr. */
function choiceLabel(whole: boolean, narrowed: boolean): string {
  if (whole) return 'the whole log';
  return narrowed ? 'the chosen pods and window, with the node\'s own lines' : 'the kubelet records only';
}

export async function linkCommand(files: string[], flags: Map<string, string | true>, repeated: Map<string, string[]> = new Map()): Promise<number> {
  if (files.length === 0) throw new InputError('link needs at least one FILE');
  const base = baseUrl(flags);
  for (const flag of ['--pod', '--from', '--to']) if (flags.get(flag) === true) throw new InputError(`${flag} needs a value`);
  let { trace, notes } = await loadAnyInput(files, yearFlag(flags));
  // Pods and times are looked up before sanitizing renames the pods.
  let selection;
  try {
    selection = selectionFromWords(trace, {
      pods: repeated.get('--pod'),
      from: repeated.get('--from')?.at(-1),
      to: repeated.get('--to')?.at(-1),
    });
  } catch (e) {
    if (e instanceof SelectionError) throw new InputError(e.message);
    throw e;
  }
  const uids = flags.has('--sanitize-uids');
  const wellKnownNamespaces = flags.has('--sanitize-well-known');
  if (flags.has('--sanitize') || uids || wellKnownNamespaces) {
    const result = sanitizeTrace(trace, { uids, wellKnownNamespaces }, { notes });
    trace = result.trace;
    notes = result.notes;
    process.stderr.write(previewSummary(result.preview) + '\n');
  }
  const choice = chooseLogLines(trace, selection ? { selection } : {});
  if (choice.lines === 0) throw new InputError('nothing to share: no kubelet lines of those pods in that time window');
  const textChars = choice.sources.reduce((n, s) => n + s.text.length, 0);
  if (textChars > LINK_LIMITS.payloadBytes) {
    throw new InputError(`the log is too large for a link (${textChars} characters of kubelet lines); narrow it with --pod, --from and --to, or share a trace file instead (syncloop export --format trace)`);
  }
  // A window opens the link on that window (clipped to the log); pods are chosen by what the link carries.
  const view: StableViewState | undefined = selection?.startUs !== undefined || selection?.endUs !== undefined
    ? { startUs: Math.max(selection.startUs ?? trace.startUs, trace.startUs), endUs: Math.min(selection.endUs ?? trace.endUs, trace.endUs), originUs: NaN }
    : undefined;
  const link = await encodeShareLink({ kind: 'logs', sources: choice.sources, ...(view && view.endUs > view.startUs ? { view } : {}), notes }, base);
  const size = linkSize(link);
  process.stderr.write(`link: ${size.length} characters; ${choiceLabel(choice.whole, selection !== undefined)} (${choice.lines} lines from ${choice.sources.length} source${choice.sources.length === 1 ? '' : 's'})\n`);
  if (size.length > LINK_SIZE_WARNINGS.browserChars) {
    throw new InputError(`the link is ${size.length.toLocaleString('en')} characters long: too long for a browser to open (Chrome stops at 2 MB; Syncloop refuses links over ${(LINK_LIMITS.fragmentChars / (1 << 20)).toFixed(0)} MB). Narrow it with --pod NS/NAME, --from and --to, or share a trace file instead (syncloop export --format trace)`);
  }
  for (const w of size.warnings) process.stderr.write(`warning: ${w}\n`);
  process.stdout.write(link + '\n');
  return 0;
}
