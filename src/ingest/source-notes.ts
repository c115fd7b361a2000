/**
 * What a source tells about itself besides its records: which wrappers and hosts its records came with, the glog
 * file header, section headers and markdown fences, the dates of a document around an excerpt, damaged lines and
 * lines that are not log lines at all. The collector decides the format, node and year from these.
 */
import {
  excerpt, glogCreatedYear, isElisionMark, isSuppressionNotice, knownLine, KnownLine, looksBinary, looksLikeDamagedHeader,
  statusBlockUnit,
} from './line-kinds.ts';
import { LINE_BAD_UTF8, LINE_HAS_NUL, LINE_TRUNCATED } from './line-splitter.ts';
import { dateInText, type WrapperKind } from './wrappers.ts';
import { isKubeletName } from './journal-programs.ts';

/** `damage`: the diagnostic reports a damaged line (the first MAX_DAMAGE_DIAGNOSTICS of a source are listed). */
export type DiagnosticSink = (line: number, level: 'info' | 'warning' | 'error', message: string, damage?: boolean) => void;

export interface SourceFacts {
  /** One vote per record: the wrapper it came in ('none' for a bare klog line, 'json' for a bare JSON object). */
  wrappers: Record<string, number>;
  eras: { printf: number; structured: number; json: number };
  glogHeaderYear: number;
  glogHost: string;
  journaldIdents: Record<string, number>;
  /** Host names wrappers stated (journald host field, node prefixes), with how many records named each. */
  hosts: Record<string, number>;
  sectionHeaders: number;
  markdownFences: number;
  /** Lines that describe the log rather than being prose: section headers, glog file header lines. */
  metaLines: number;
  /** Other programs' lines in a journal or syslog (systemd, containerd…): log lines, not a document's prose. */
  journalLines: number;
  /**
   * Full dates (YYYY-MM-DD, as the number yyyymmdd; day 0 if not given) in the non-log lines, in the order found, at
   * most MAX_PROSE_DATES: a document's own dates.
   */
  proseDates: number[];
  /** The line each of proseDates was found on. */
  proseDateLines: number[];
  /**
   * The span journalctl's banner states (`-- Logs begin at Mon 2022-05-30 17:37:44 PDT, end at … --`, or `-- Journal
   * begins at …, ends at … --`), as epoch µs of its wall-clock dates (the zone is ignored); 0 where it states none.
   */
  journalBeginUs: number;
  journalEndUs: number;
  /** The line of that banner: it speaks of the records after it (a document may quote another host's lines before). */
  journalBannerLine: number;
  /** Records whose klog header had no date and nothing before them to date them by (dated 1 January). */
  undatedRecords: number;
  /** Structured kubelet messages read without a klog header (source-reader.ts headerlessStructured). */
  headerlessStructured: number;
  /** Records found glued after another on one line (ingest/glued-records.ts). */
  gluedRecords: number;
  /** Kubelet lines read from a syslog date and their caller alone (source-reader.ts datedCallerLine). */
  datedCallerLines: number;
  /** Kubelet journal lines quoted without their date and host (source-reader.ts undatedJournalError). */
  undatedJournalLines: number;
  /** What says the node runs Windows (windowsSignal), or '' when nothing does. */
  windows: string;
  /** The source is a log platform's CSV download (ingest/csv-log.ts). */
  csvTable: boolean;
  /** A kubelet minor version a build or install path names (`anago-v1.14.0`, `/binaries/v1.19.2/kubelet`), or 0. */
  pathMinor: number;
  /** What named it (for the version's reasons). */
  pathMinorFrom: string;
  /** The patch release that version names (`v1.22.13` → 13), -1 when it names none. */
  pathPatch: number;
  /** The logging library a Go stack's frames name (glog ≤1.13, klog 1.14–1.18, klog/v2 1.19+), '' if none. */
  logLibrary: LogLibrary;
  /** Lines that look like binary data; lines with NUL bytes or invalid UTF-8. */
  binaryLines: number;
  damagedLines: number;
  /** What a pasted `systemctl status` block said of the unit (the last block's), if there is one. */
  service?: ServiceStatus;
  /** Every such block, in line order (several nodes' in one document), at most MAX_SERVICE_BLOCKS. */
  services: ServiceStatus[];
  /** The host of a shell prompt that ran a command reading the kubelet's log (`[root@node-1 ~]# journalctl -u kubelet`), or ''. */
  promptHost: string;
}

/** A `systemctl status` block: `Active: active (running) since …` and `Main PID: 22966 (kubelet)`. */
export interface ServiceStatus {
  /** The Active: state as printed up to "since" (`active (running)`, `activating (auto-restart)`, `failed (Result: …)`). */
  active: string;
  /** 0 where the block names none. */
  mainPid: number;
  /** When the service entered that state, as printed after "since" (`2022-09-15 17:25:35`, local time), or ''. */
  since: string;
  /** The line of its Active: field. */
  line: number;
  /**
   * How its main process ended, where the block says (`Main PID: 18607 (code=exited, status=2)`, or the ExecStart
   * process's line): `exited`, `killed` or `dumped`, and the status (`2`, `1/FAILURE`, `9/KILL`); absent when it does not.
   */
  exitCode?: string;
  exitStatus?: string;
}

/** When the service entered its state (its "since", local time as the log's own), in µs; NaN when the block gives none. */
export function serviceSinceUs(s: ServiceStatus): number {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(s.since)) return NaN;
  return Date.parse(`${s.since.slice(0, 19).replace(' ', 'T')}Z`) * 1000;
}

/**
 * Why lines are missing at a cut: an elision mark (`...`, `<snip>`), a markdown fence or prose between two excerpts of
 * a document, the next file's section (`==> kubelet.log.1 <==`), or journald's "Suppressed N messages" notice.
 * `prose` counts only where the whole source is a document (elsewhere it is another program's stray line).
 */
export type CutKind = 'elision' | 'fence' | 'prose' | 'section' | 'suppressed';

/** A line after which the log does not go straight on: what comes next was not printed right after what came before. */
export interface CutMark {
  line: number;
  kind: CutKind;
}

/** Everything SourceNotes knows, as plain data (a part of a source read in a worker travels to the main thread). */
export interface NotesState {
  facts: SourceFacts;
  cuts: CutMark[];
  strayLines: StrayLine[];
  strayCount: number;
  glogMachineLines: number;
  hostCount: number;
}

/** A non-log line that is not a known kind (prose, another program, garbage): kept for a diagnostic later. */
export interface StrayLine {
  line: number;
  excerpt: string;
}

export type LogLibrary = '' | 'glog' | 'klog' | 'klog/v2';

/**
 * The logging library a line of a Go stack names (`k8s.io/kubernetes/vendor/k8s.io/klog/v2.stacks(…)`,
 * `vendor/k8s.io/klog/klog.go:…`, `…/github.com/golang/glog.(*loggingT)…`): the kubelet moved from glog to klog in 1.14
 * and to klog/v2 in 1.19. Two indexOf calls for a line that names none.
 */
export function logLibraryIn(text: string): LogLibrary {
  const k = text.indexOf('k8s.io/klog');
  if (k >= 0) {
    if (text.startsWith('/v2', k + 11)) return 'klog/v2';
    const c = text.charCodeAt(k + 11);
    return c === 46 /* . */ || text.startsWith('/klog.go', k + 11) ? 'klog' : '';
  }
  return text.includes('github.com/golang/glog') ? 'glog' : '';
}

/**
 * The info diagnostic that says a line is another program's (`what` names it and how it is known): kept, but not read as
 * the kubelet's process. One wording for every way it is told (a prompt, crictl's own line, another program's file).
 */
export function otherProgramNote(what: string): string {
  return `a line of ${what}: kept, its pid not read as the kubelet's`;
}

/** `systemctl status` blocks of the kubelet kept per source (SourceFacts.services). */
const MAX_SERVICE_BLOCKS = 64;
const MAX_STRAY = 20;
export const MAX_DAMAGE_DIAGNOSTICS = 20;
const MAX_HOSTS = 64;
const MAX_PROSE_DATES = 200;
/** One cut per stretch of records at most, so this bounds a document of ten thousand excerpts. */
const MAX_CUTS = 10_000;

/**
 * The prefix of a prow job's build log (`I0606 08:59:59.116] • Failure …`): klog's letter and date, a time to the
 * millisecond, `] ` — the e2e runner's own lines, no damaged kubelet header.
 */
const PROW_BUILD_LOG = /^[IWEF]\d{4} \d\d:\d\d:\d\d\.\d{3}\] /;

/** A shell prompt (`[root@node-1 ~]# …`, `user@node-1:~$ …`, `core@node-1 ~ $ …`): its host and directory (any form), and its command. */
const PROMPT = /^(?:\[[\w.-]{1,32}@([\w.-]{1,253}) ([^\]]{0,100})\]|[\w.-]{1,32}@([\w.-]{1,253}):(\S{0,200})|[\w.-]{1,32}@([\w.-]{1,253}) ([~/]\S{0,200})) ?[$#] ?(?:sudo )?(\S.{0,300})/;
/**
 * A prompt's command that reads a log on that machine (journalctl, systemctl status, grep, cat, tail…): its host is
 * the one the lines after it come from. A prompt running anything else (kubectl, ssh) says nothing about the node.
 */
const LOG_COMMAND = /^(journalctl|systemctl status|cat|grep|egrep|zgrep|zcat|tail|less|head|docker logs|crictl logs)\b/;
/** Commands that read a file: the machine they run on is the node only when the file is its own log. */
const FILE_READERS = new Set(['cat', 'grep', 'egrep', 'zgrep', 'zcat', 'tail', 'less', 'head']);
/** A node's own log files (and a prompt standing among them): /var/log/…, the kubelet's --log-dir under /var/lib. */
const NODE_LOG_PATH = /(?:^|[\s=:'"])\/var\/(?:log|lib)\b/;

/**
 * Programs that print klog lines of their own (client-go's, the CRI client's): their lines after a prompt running them
 * are theirs, not the kubelet's — unless the command reads a log (`kubectl logs`, `crictl logs`).
 */
const KLOG_PROGRAMS = new Set(['kubectl', 'crictl', 'kubeadm', 'helm']);
const READS_A_LOG = /\b(?:logs|journalctl|tail|cat|grep|less|head)\b/;

/**
 * The program whose output follows a shell prompt line: a KLOG_PROGRAMS command that reads no log; '' for a prompt
 * running anything else (the lines after it may be the kubelet's: `journalctl -u kubelet`); undefined for no prompt.
 */
export function promptProgram(text: string, p: number): string | undefined {
  const m = PROMPT.exec(text.slice(p, p + 600));
  if (!m) return undefined;
  const command = m[7];
  const word = command.slice(0, command.search(/\s|$/));
  const program = word.slice(word.lastIndexOf('/') + 1);
  const container = containerLogsOf(program, command);
  if (container) return container;
  return KLOG_PROGRAMS.has(program) && !READS_A_LOG.test(command) ? program : '';
}

/** promptProgram's answer for a container's log: this, then the container's name or ID. */
export const CONTAINER_LOG_PREFIX = 'logs of ';
/** Tools that print a container's (or a pod's) own log with `logs <name or ID>`. */
const CONTAINER_LOG_TOOLS = new Set(['docker', 'crictl', 'nerdctl', 'podman', 'kubectl']);
/** Containers whose log holds the kubelet's own lines: RKE's `kubelet` container, a k3s/k3d/kind/minikube node. */
const KUBELET_CONTAINER = /kubelet|k3s|k3d|rke|kind|minikube|node/i;

/**
 * The container a `docker logs <container>` (crictl, nerdctl, podman, kubectl) prints the log of, as the program
 * whose lines follow — a control-plane component's klog lines (its pid 1) are not the kubelet's; '' when the command
 * is none, or its container may hold the kubelet's lines.
 */
function containerLogsOf(program: string, command: string): string {
  if (!CONTAINER_LOG_TOOLS.has(program)) return '';
  const words = command.split(/\s+/, 24);
  const at = words.indexOf('logs');
  if (at < 0) return '';
  // The first word after `logs` that is no flag (or a flag's value: `-n kube-system`, `--tail 50`).
  for (let k = at + 1; k < words.length; k++) {
    const w = words[k];
    if (!w || w === '|' || w.startsWith('>')) return '';
    if (w.startsWith('-')) {
      if (!w.includes('=') && /^-(?:n|c|-namespace|-container|-tail|-since|-until)$/.test(w)) k++;
      continue;
    }
    return KUBELET_CONTAINER.test(w) ? '' : `${CONTAINER_LOG_PREFIX}${w.slice(0, 64)}`;
  }
  return '';
}

function logCommandHost(text: string, p: number): string {
  const m = PROMPT.exec(text.slice(p, p + 600));
  const command = m ? LOG_COMMAND.exec(m[7]) : null;
  if (!m || !command) return '';
  const host = m[1] ?? m[3] ?? m[5] ?? '';
  // `cat kubelet.txt` in ~/Downloads reads a copy on the poster's own machine: that host is not the node.
  if (FILE_READERS.has(command[1]) && !NODE_LOG_PATH.test(m[7].slice(command[0].length)) && !(m[2] ?? m[4] ?? m[6] ?? '').startsWith('/var/log')) return '';
  return host === 'localhost' ? '' : host;
}

export class SourceNotes {
  readonly facts: SourceFacts = {
    wrappers: {}, eras: { printf: 0, structured: 0, json: 0 }, glogHeaderYear: 0, glogHost: '', journaldIdents: {}, hosts: {},
    sectionHeaders: 0, markdownFences: 0, metaLines: 0, journalLines: 0, proseDates: [], proseDateLines: [], journalBeginUs: 0, journalEndUs: 0, journalBannerLine: 0, undatedRecords: 0, headerlessStructured: 0, gluedRecords: 0, datedCallerLines: 0, undatedJournalLines: 0, windows: '', csvTable: false, pathMinor: 0, pathMinorFrom: '', pathPatch: -1,
    binaryLines: 0, damagedLines: 0, promptHost: '', services: [], logLibrary: '',
  };
  /** The first few unknown non-log lines, and how many there were. */
  readonly strayLines: StrayLine[] = [];
  strayCount = 0;
  /** `Running on machine:` lines seen (each sets glogHost). */
  glogMachineLines = 0;
  /** Where lines were left out between records (see CutKind), in line order. */
  readonly cuts: CutMark[] = [];
  /** Records read when the last cut was noted: marks with no record between them are one cut. */
  private recordsAtCut = -1;
  private hostCount = 0;
  /** The `systemctl status` block under way is another unit's (`● firewalld.service - …`): its fields are not the kubelet's. */
  private otherUnit = false;

  constructor(private readonly diagnostic: DiagnosticSink) {}

  /** One record came in wrapper `kind`, from program `ident` on `host` ('' when not stated). */
  vote(kind: WrapperKind | 'json', ident: string, host: string): void {
    const f = this.facts;
    f.wrappers[kind] = (f.wrappers[kind] ?? 0) + 1;
    if (ident) f.journaldIdents[ident] = (f.journaldIdents[ident] ?? 0) + 1;
    if (!host) return;
    const seen = f.hosts[host];
    if (seen !== undefined) f.hosts[host] = seen + 1;
    else if (this.hostCount < MAX_HOSTS) {
      this.hostCount++;
      f.hosts[host] = 1;
    }
  }

  /**
   * A line that is neither a record nor part of one, `p` where its own text starts. `fromJournal`: another
   * program's line (or the kubelet's own non-klog output) in a journal: expected there, not stray.
   */
  nonLogLine(text: string, p: number, lineNo: number, fromJournal: boolean, recordsSoFar: number): void {
    const f = this.facts;
    const known = knownLine(text, p);
    const cut = known === KnownLine.Fence ? 'fence' : known === KnownLine.SectionHeader ? (text.startsWith('==> ', p) ? 'section' : undefined)
      : known !== KnownLine.None ? undefined
      : fromJournal ? (isSuppressionNotice(text, p) ? 'suppressed' : undefined)
      : isElisionMark(text, p) ? 'elision' : looksLikeDamagedHeader(text, p) ? undefined : 'prose';
    if (cut) this.cut(lineNo, cut, recordsSoFar);
    if (!f.promptHost && !fromJournal && known === KnownLine.None) f.promptHost = logCommandHost(text, p);
    if (known !== KnownLine.None && known !== KnownLine.Fence) f.metaLines++;
    else if (known === KnownLine.None && fromJournal) f.journalLines++;
    switch (known) {
      case KnownLine.GlogCreated: f.glogHeaderYear = glogCreatedYear(text, p) || f.glogHeaderYear; break;
      case KnownLine.GlogOther:
        // `Binary: Built with gc go1.13.9 for windows/amd64`
        if (!f.windows && text.includes(' for windows/', p)) f.windows = 'the glog file header ("built … for windows")';
        break;
      case KnownLine.GlogMachine:
        f.glogHost = text.slice(p + 20, p + 276).trim();
        this.glogMachineLines++;
        break;
      case KnownLine.SectionHeader:
        f.sectionHeaders++;
        if (!f.journalBeginUs) {
          [f.journalBeginUs, f.journalEndUs] = journalBanner(text, p);
          if (f.journalBeginUs) f.journalBannerLine = lineNo;
        }
        break;
      case KnownLine.Fence: f.markdownFences++; break;
      case KnownLine.ServiceStatus: this.serviceStatusField(text, p, lineNo); break;
      default:
        if (looksLikeDamagedHeader(text, p) && !PROW_BUILD_LOG.test(text.slice(p, p + 24))) {
          this.diagnostic(lineNo, 'warning', `looks like a kubelet log line but its header is damaged or cut; skipped: ${excerpt(text, p)}`);
        } else if (!fromJournal) {
          this.strayCount++;
          if (this.strayLines.length < MAX_STRAY) this.strayLines.push({ line: lineNo, excerpt: excerpt(text, p) });
        }
    }
    this.noteYearIn(text, lineNo);
  }

  /** `Active: active (running) since …` and `Main PID: 22966 (kubelet)` of a `systemctl status` block. */
  private serviceStatusField(text: string, p: number, lineNo: number): void {
    const f = this.facts;
    // The block's first line names its unit: `● kubelet.service - kubelet: The Kubernetes Node Agent`.
    const unit = statusBlockUnit(text, p);
    if (unit !== undefined) {
      this.otherUnit = !isKubeletName(unit);
      return;
    }
    if (this.otherUnit) return;
    const active = text.indexOf('Active: ', p);
    if (active >= 0 && active < p + 16) {
      const from = active + 8;
      const since = text.indexOf(' since ', from);
      const at = since > 0 ? /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.exec(text.slice(since + 7, since + 40)) : null;
      f.service = { active: text.slice(from, since > 0 ? since : Math.min(text.length, from + 80)).trim(), mainPid: 0, since: at ? at[0] : '', line: lineNo };
      // (The same object: its Main PID, read next, fills both.)
      if (f.services.length < MAX_SERVICE_BLOCKS) f.services.push(f.service);
      return;
    }
    const pid = text.indexOf('Main PID: ', p);
    if (pid >= 0 && pid < p + 16 && f.service) {
      const m = /^\d{1,9}/.exec(text.slice(pid + 10, pid + 20));
      if (m) f.service.mainPid = Number(m[0]);
      this.serviceExit(text.slice(pid, pid + 200), true);
      return;
    }
    // The process ExecStart ran (not ExecStartPre's or ExecStopPost's helpers): `Process: 18607 ExecStart=… (code=exited, status=2)`.
    const proc = text.indexOf('Process: ', p);
    if (proc >= 0 && proc < p + 16 && f.service && /^Process: \d{1,9} ExecStart=/.test(text.slice(proc, proc + 40))) {
      this.serviceExit(text.slice(Math.max(proc, text.length - 200)), false);
    }
  }

  /** `(code=exited, status=2)` at the end of a status block's process line; the main PID's line says it first. */
  private serviceExit(text: string, main: boolean): void {
    const service = this.facts.service;
    const m = /\(code=(exited|killed|dumped), status=([0-9A-Z/]{1,24})/.exec(text);
    if (!service || !m || (!main && service.exitStatus)) return;
    service.exitCode = m[1];
    service.exitStatus = m[2];
  }

  /**
   * A full date (YYYY-MM-DD, or Go's `time.Date(2022, time.November, 29, …)`) in a line that is not the kubelet's: a
   * hint of the year where the log gives none.
   */
  private noteYearIn(text: string, lineNo: number): void {
    if (this.facts.proseDates.length >= MAX_PROSE_DATES) return;
    const date = dateInText(text, 0, Math.min(text.length, 2000)) || goDateIn(text) || ctimeDateIn(text) || epochStampDateIn(text);
    if (!date) return;
    this.facts.proseDates.push(date);
    this.facts.proseDateLines.push(lineNo);
  }

  /** Another program's line inside a journal, between the lines of a pending record: a loss notice, and its date. */
  journalLine(text: string, p: number, lineNo: number, recordsSoFar: number): void {
    this.facts.journalLines++;
    // (Other programs date their own lines: CRI-O's and containerd's `time="2023-04-26 20:03:00Z"`.)
    this.noteYearIn(text, lineNo);
    if (isSuppressionNotice(text, p)) this.cut(lineNo, 'suppressed', recordsSoFar);
  }

  private cut(line: number, kind: CutKind, recordsSoFar: number): void {
    const last = this.cuts.length - 1;
    if (recordsSoFar === this.recordsAtCut && last >= 0) {
      // The first mark after a record says where the cut is; only journald's own notice says more about why.
      if (kind === 'suppressed' && this.cuts[last].kind !== 'suppressed') this.cuts[last] = { line, kind };
      return;
    }
    if (this.cuts.length >= MAX_CUTS) return;
    this.cuts.push({ line, kind });
    this.recordsAtCut = recordsSoFar;
  }

  /** A line the splitter flagged: cut because it was too long, or holding NUL bytes or invalid UTF-8. */
  damagedLine(text: string, lineNo: number, flags: number): void {
    if (flags & LINE_TRUNCATED) {
      this.diagnostic(lineNo, 'warning', `line longer than ${text.length} characters; only its start is parsed`);
    }
    if (!(flags & (LINE_HAS_NUL | LINE_BAD_UTF8))) return;
    const f = this.facts;
    if (looksBinary(text)) f.binaryLines++;
    if (++f.damagedLines > MAX_DAMAGE_DIAGNOSTICS) return;
    const what = [flags & LINE_HAS_NUL ? 'NUL bytes' : '', flags & LINE_BAD_UTF8 ? 'invalid UTF-8 (shown as \uFFFD)' : ''].filter(Boolean).join(' and ');
    this.diagnostic(lineNo, 'warning', `line contains ${what}; read as far as possible`, true);
  }

  state(): NotesState {
    return {
      facts: this.facts, cuts: this.cuts, strayLines: this.strayLines, strayCount: this.strayCount,
      glogMachineLines: this.glogMachineLines, hostCount: this.hostCount,
    };
  }

  /**
   * Whether absorb() can take in `later` exactly: the tally of hosts is capped, and a capped tally of another part
   * cannot be continued.
   */
  canAbsorb(later: NotesState): boolean {
    return this.hostCount + later.hostCount < MAX_HOSTS;
  }

  /**
   * Takes in the notes of the next part of the same source, read on its own from a line where a record starts
   * (model/collected-merge.ts), as if its lines had been read here: counts add up, lists and capped tallies continue
   * in order, and what the glog header tells is what the later part says if it says anything. The later part's line
   * numbers are shifted by `lineOffset`. (Its damaged lines' diagnostics are merged by the caller.)
   */
  absorb(later: NotesState, lineOffset: number): void {
    const f = this.facts;
    const g = later.facts;
    for (const [kind, n] of Object.entries(g.wrappers)) f.wrappers[kind] = (f.wrappers[kind] ?? 0) + n;
    f.eras.printf += g.eras.printf;
    f.eras.structured += g.eras.structured;
    f.eras.json += g.eras.json;
    f.glogHeaderYear = g.glogHeaderYear || f.glogHeaderYear;
    if (!f.journalBeginUs && g.journalBeginUs) [f.journalBeginUs, f.journalEndUs, f.journalBannerLine] = [g.journalBeginUs, g.journalEndUs, g.journalBannerLine + lineOffset];
    f.undatedRecords += g.undatedRecords;
    f.headerlessStructured += g.headerlessStructured;
    f.datedCallerLines += g.datedCallerLines;
    f.undatedJournalLines += g.undatedJournalLines;
    f.windows ||= g.windows;
    f.csvTable ||= g.csvTable;
    if (!f.pathMinor && g.pathMinor) {
      f.pathMinor = g.pathMinor;
      f.pathMinorFrom = g.pathMinorFrom;
      f.pathPatch = g.pathPatch;
    }
    if (later.glogMachineLines > 0) f.glogHost = g.glogHost;
    this.glogMachineLines += later.glogMachineLines;
    for (const [ident, n] of Object.entries(g.journaldIdents)) f.journaldIdents[ident] = (f.journaldIdents[ident] ?? 0) + n;
    for (const [host, n] of Object.entries(g.hosts)) {
      if (f.hosts[host] !== undefined) f.hosts[host] += n;
      else if (this.hostCount < MAX_HOSTS) {
        this.hostCount++;
        f.hosts[host] = n;
      }
    }
    f.sectionHeaders += g.sectionHeaders;
    f.markdownFences += g.markdownFences;
    f.metaLines += g.metaLines;
    f.journalLines += g.journalLines;
    for (let k = 0; k < g.proseDates.length && f.proseDates.length < MAX_PROSE_DATES; k++) {
      f.proseDates.push(g.proseDates[k]);
      f.proseDateLines.push(g.proseDateLines[k] + lineOffset);
    }
    f.promptHost ||= g.promptHost;
    f.logLibrary ||= g.logLibrary;
    if (g.service) f.service = { ...g.service, line: g.service.line + lineOffset };
    for (const b of g.services) if (f.services.length < MAX_SERVICE_BLOCKS) f.services.push({ ...b, line: b.line + lineOffset });
    f.binaryLines += g.binaryLines;
    f.damagedLines += g.damagedLines;
    for (const s of later.strayLines) if (this.strayLines.length < MAX_STRAY) this.strayLines.push({ line: s.line + lineOffset, excerpt: s.excerpt });
    this.strayCount += later.strayCount;
    // The later part starts with a record, so its first cut never merges with one of ours.
    for (const c of later.cuts) if (this.cuts.length < MAX_CUTS) this.cuts.push({ line: c.line + lineOffset, kind: c.kind });
    this.recordsAtCut = -1;
  }
}

const BANNER_DATE = /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/g;

/** [begin, end] of a journalctl banner as epoch µs of its wall-clock dates, 0 for a date it does not state. */
export function journalBanner(text: string, p: number): [number, number] {
  if (!text.startsWith('-- Logs begin at ', p) && !text.startsWith('-- Journal begins at ', p)) return [0, 0];
  // The first date after the word (a weekday comes between: `begin at Mon 2022-05-30 17:37:44 PDT`).
  const dateAfter = (word: string) => {
    const i = text.indexOf(word, p);
    if (i < 0) return 0;
    BANNER_DATE.lastIndex = i;
    const m = BANNER_DATE.exec(text);
    if (!m || m.index - i > 40) return 0;
    const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
    return Number.isFinite(ms) ? ms * 1000 : 0;
  };
  return [dateAfter(' begin'), dateAfter(' end')];
}

const GO_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const GO_DATE = /time\.Date\((\d{4}), time\.([A-Z][a-z]{2,8}), (\d{1,2}),/;

/**
 * The date in a Go value printed with %#v (`time.Date(2022, time.November, 29, 22, 58, 21, 0, time.Local)`, as an
 * event the kubelet could not write prints its timestamps) as yyyymmdd, or 0. Go's zero time (year 1) is none.
 */
function goDateIn(text: string): number {
  // The first few values: an event's EventTime is often Go's zero time, before or after its real timestamps.
  for (let at = text.indexOf('time.Date('), k = 0; at >= 0 && k < 4; at = text.indexOf('time.Date(', at + 10), k++) {
    const m = GO_DATE.exec(text.slice(at, at + 48));
    if (!m) continue;
    const year = Number(m[1]);
    const month = GO_MONTHS.indexOf(m[2]) + 1;
    if (year >= 1970 && year < 2200 && month > 0) return year * 10000 + month * 100 + Number(m[3]);
  }
  return 0;
}

/** NetworkManager's stamp on its journal lines: Unix seconds with four decimals in brackets (`<warn>  [1753140395.4923] …`). */
const EPOCH_STAMP = /<(?:info|warn|error|debug|trace)> +\[(1\d{9})\.\d{4}\]/;

/** The UTC date (yyyymmdd) of an epoch stamp a program put on its own line, or 0. */
function epochStampDateIn(text: string): number {
  const m = EPOCH_STAMP.exec(text.length > 300 ? text.slice(0, 300) : text);
  if (!m) return 0;
  const d = new Date(Number(m[1]) * 1000);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** date(1)'s, `watch`'s header's and Go's UnixDate form: `Sat Sep 28 08:57:39 2024`, `Sat Sep 28 08:57:39 UTC 2024`. */
const CTIME_DATE = /(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) {1,2}(\d{1,2}) \d{2}:\d{2}:\d{2}(?: [A-Z]{2,5})? (\d{4})\b/;

/** The date of a ctime-style stamp in a line (a `watch` header, `date`'s output) as yyyymmdd, or 0. */
function ctimeDateIn(text: string): number {
  const m = CTIME_DATE.exec(text.length > 2000 ? text.slice(0, 2000) : text);
  if (!m) return 0;
  const year = Number(m[3]);
  return year >= 1970 && year < 2200 ? year * 10000 + (SHORT_MONTHS.indexOf(m[1]) + 1) * 100 + Number(m[2]) : 0;
}

/** A source file of the kubelet's that only its Windows build has (`server_windows.go`, `cni_windows.go`…). */
export function isWindowsFile(file: string): boolean {
  // (The stats provider reading Windows' performance counters has no _windows suffix.)
  return file.endsWith('_windows.go') || file.endsWith('perfcounter_nodestats.go');
}

/** What a Windows file name says, for SourceFacts.windows. */
export function windowsFileSignal(file: string): string {
  return `a line from ${file.slice(file.lastIndexOf('/') + 1)}, which only the Windows build has`;
}

/** Words only a Windows node's kubelet lines carry: its runtime's host compute service shim, named pipes, Windows' own error text. */
const WINDOWS_WORDS: readonly [needle: string, says: string][] = [
  ['hcsshim', 'the runtime\'s hcsshim errors'], ['npipe://', 'a named-pipe endpoint (npipe://)'], ['//./pipe/', 'a named pipe (//./pipe/)'],
  ['\\\\.\\pipe\\', 'a named pipe (\\\\.\\pipe\\)'], ['The system cannot find the', 'Windows\' "The system cannot find the …" errors'],
  // Go's os.Getuid() is -1 on Windows, which the kubelet's start-up check prints.
  ['It is being run as -1', 'the kubelet\'s "It is being run as -1" (a user ID only Windows gives)'],
  // Docker on Windows has no "host" network (on Linux it always exists).
  ['network host not found', 'Docker\'s "network host not found" (Windows has no host network)'],
  // Winsock's WSAEADDRINUSE, and the kubelet's directory under C:\ (the backslashes doubled in a quoted value).
  ['Only one usage of each socket address', 'Winsock\'s "Only one usage of each socket address"'],
  ['C:\\var\\lib\\kubelet', 'a C:\\var\\lib\\kubelet path'], ['C:\\\\var\\\\lib\\\\kubelet', 'a C:\\var\\lib\\kubelet path'],
];

/** What a record's text says of Windows, or ''. (Read on records the ordinary way reads: rare in a big log.) */
export function windowsTextSignal(text: string): string {
  for (const [needle, says] of WINDOWS_WORDS) if (text.includes(needle)) return says;
  return '';
}
