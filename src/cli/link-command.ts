/**
 * `syncloop link FILE... [--sanitize] [--base URL] [--year YYYY]`
 *
 * Prints a link that opens the log in the app. The lines travel inside the URL fragment (never sent to a server):
 * the whole log when it is small, otherwise every kubelet record without the other lines. --sanitize replaces
 * names, IPs and image references with pseudonyms first (what was replaced is listed on stderr). Size warnings go
 * to stderr; stdout holds only the link.
 */
import { InputError } from './read-files.ts';
import { loadAnyInput, yearFlag } from './export-command.ts';
import { chooseLogLines } from '../trace/link-logs.ts';
import { DEFAULT_APP_URL, encodeShareLink, LINK_LIMITS, linkSize } from '../trace/link.ts';
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

export async function linkCommand(files: string[], flags: Map<string, string | true>): Promise<number> {
  if (files.length === 0) throw new InputError('link needs at least one FILE');
  const base = baseUrl(flags);
  let { trace, notes } = await loadAnyInput(files, yearFlag(flags));
  if (flags.has('--sanitize')) {
    const result = sanitizeTrace(trace, {}, { notes });
    trace = result.trace;
    notes = result.notes;
    process.stderr.write(previewSummary(result.preview) + '\n');
  }
  const choice = chooseLogLines(trace);
  const textChars = choice.sources.reduce((n, s) => n + s.text.length, 0);
  if (textChars > LINK_LIMITS.payloadBytes) {
    throw new InputError(`the log is too large for a link (${textChars} characters of kubelet lines); share a trace file instead (syncloop export --format trace)`);
  }
  const link = await encodeShareLink({ kind: 'logs', sources: choice.sources, notes }, base);
  const size = linkSize(link);
  process.stderr.write(`link: ${size.length} characters; ${choice.whole ? 'the whole log' : 'the kubelet records only'} (${choice.lines} lines from ${choice.sources.length} source${choice.sources.length === 1 ? '' : 's'})\n`);
  for (const w of size.warnings) process.stderr.write(`warning: ${w}\n`);
  process.stdout.write(link + '\n');
  return 0;
}
