/**
 * The simulated kubelet's logger: one klog text line per call, in the exact text of the modelled version — the
 * header (`I0312 10:42:26.101676 2353235 kubelet.go:1887] `), the printf template or structured message taken from
 * the message catalog, values rendered by that version's rules — filtered by the chosen verbosity (-v).
 */
import { compileTemplate, type CompiledTemplate } from '../../catalog/template.ts';
import { epochToParts, formatTimeOfDayUs } from '../../util/time.ts';
import { goQuote, klogStyleFor, printfValue, structuredValue, type Val } from './go-values.ts';
import { resolveSite, type SiteVariant } from './sites.ts';

export type Fields = Record<string, Val>;

export interface LogLine {
  text: string;
  timeUs: number;
  /** Call-site name (sites.ts) and catalog entry id. */
  site: string;
  entry: string;
}

const templates = new Map<string, CompiledTemplate>();

function template(source: string): CompiledTemplate {
  let t = templates.get(source);
  if (!t) {
    t = compileTemplate(source);
    templates.set(source, t);
  }
  return t;
}

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

/** `Lmmdd hh:mm:ss.uuuuuu PPPPPPP file:line] ` — pid right-aligned in 7 columns. */
export function klogHeader(sev: string, timeUs: number, pid: number, file: string, line: number): string {
  const p = epochToParts(timeUs);
  return `${sev}${pad2(p.month)}${pad2(p.day)} ${formatTimeOfDayUs(p.todUs)} ${String(pid).padStart(7)} ${file}:${line}] `;
}

/** Fills a printf template: named placeholders from `fields`, unnamed ones from `$0`, `$1`… */
export function fillPrintf(source: string, fields: Fields): string {
  let out = '';
  let unnamed = 0;
  for (const part of template(source).parts) {
    if (part.kind === 'lit') out += part.text;
    else out += printfValue(fields[part.name || `$${unnamed++}`], part.kind);
  }
  return out;
}

export function renderStructured(variant: SiteVariant, fields: Fields, minor: number): string {
  const style = klogStyleFor(minor);
  let out = goQuote(variant.text);
  for (const key of variant.keys ?? []) {
    const v = fields[key];
    if (v === undefined) continue;
    out += ` ${key}=${structuredValue(v, style)}`;
  }
  return out;
}

export class KlogWriter {
  readonly lines: LogLine[] = [];

  constructor(readonly verbosity: number) {}

  /**
   * Prints call site `site` for a kubelet of this minor version and pid, if the site exists in that version and
   * its verbosity is enabled. Returns the line, or undefined when nothing was printed.
   */
  emit(site: string, build: Build, pid: number, timeUs: number, fields: Fields): LogLine | undefined {
    const minor = build.minor;
    const variant = resolveSite(site, minor);
    if (!variant || variant.v > this.verbosity) return undefined;
    const body = variant.era === 'printf' ? fillPrintf(variant.text, fields) : renderStructured(variant, fields, minor);
    const sev = typeof variant.sev === 'function' ? variant.sev(minor) : variant.sev ?? 'I';
    const line: LogLine = { text: klogHeader(sev, timeUs, pid, variant.file, lineFor(variant, build)) + body, timeUs, site, entry: variant.entry };
    this.lines.push(line);
    return line;
  }

  text(): string {
    let s = '';
    for (const l of this.lines) s += l.text + '\n';
    return s;
  }
}

/** Which kubelet build prints: its minor version and its label in the line tables ('1.12', '1.12-custom'…). */
export interface Build {
  minor: number;
  id: string;
}

/** The source line for this build: an exact entry, else the nearest older minor's, else the oldest known. */
function lineFor(v: SiteVariant, build: Build): number {
  const exact = v.lines[build.id];
  if (exact !== undefined) return exact;
  let best = 0;
  let bestMinor = -1;
  let oldest = 0;
  let oldestMinor = Infinity;
  for (const [k, line] of Object.entries(v.lines)) {
    const m = Number(k.split('-')[0].split('.')[1]);
    if (m <= build.minor && m > bestMinor) { best = line; bestMinor = m; }
    if (m < oldestMinor) { oldest = line; oldestMinor = m; }
  }
  return bestMinor < 0 ? oldest : best;
}
