/**
 * The name glog and klog give a log file under --log-dir: `<program>.<host>.<user>.log.<SEVERITY>.<yyyymmdd>-<hhmmss>.<pid>`
 * (`kubelet.node-1.root.log.INFO.20210709-193402.2247`; the host cut at its first dot). `grep` over several such files
 * puts the name before each line, with a colon: it names the node and dates the file, which the klog header cannot.
 * Hand-scanned backwards from the colon; bounded; no regular expressions.
 */

export interface GlogFileName {
  host: string;
  /** The file's creation date: year and month (1–12). */
  year: number;
  month: number;
}

const SEVERITIES = ['INFO', 'WARNING', 'ERROR', 'FATAL'];
/** Longest prefix looked at (a path before the name included). */
const MAX_PREFIX = 512;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** The file name that ends right before `end` (a `:` there), or undefined when s[0, end) does not end with one. */
export function glogFileNameBefore(s: string, end: number): GlogFileName | undefined {
  if (end < 30 || end > MAX_PREFIX || s.charCodeAt(end - 1) !== 58 /* : */) return undefined;
  // .<pid>
  let p = end - 1;
  const pidEnd = p;
  while (p > 0 && isDigit(s.charCodeAt(p - 1))) p--;
  if (p === pidEnd || s.charCodeAt(p - 1) !== 46) return undefined;
  p--;
  // .<yyyymmdd>-<hhmmss>
  const stamp = p - 15;
  if (stamp < 1 || s.charCodeAt(stamp - 1) !== 46 || s.charCodeAt(stamp + 8) !== 45) return undefined;
  for (let i = stamp; i < p; i++) if (i !== stamp + 8 && !isDigit(s.charCodeAt(i))) return undefined;
  const year = Number(s.slice(stamp, stamp + 4));
  const month = Number(s.slice(stamp + 4, stamp + 6));
  if (year < 2000 || month < 1 || month > 12) return undefined;
  p = stamp - 1;
  // .log.<SEVERITY>
  const severity = SEVERITIES.find((w) => s.startsWith(`.log.${w}`, p - 5 - w.length));
  if (!severity) return undefined;
  p -= 5 + severity.length;
  // .<host>.<user> before ".log"
  const userDot = s.lastIndexOf('.', p - 1);
  if (userDot <= 0 || userDot < p - 64) return undefined;
  const hostDot = s.lastIndexOf('.', userDot - 1);
  if (hostDot < 0 || hostDot < userDot - 254) return undefined;
  const host = s.slice(hostDot + 1, userDot);
  if (!host || !/^[A-Za-z0-9-]{1,63}$/.test(host)) return undefined;
  return { host, year, month };
}
