/**
 * The longest run of plain characters every match of a pattern must contain, found by one conservative scan of the
 * pattern text. The regex filter first keeps only records containing it (a fast byte search), then runs the
 * linear-time engine on those. "Conservative" means: when in doubt, no literal (then every record is checked) —
 * a wrong literal would hide matching events, a missing one only costs time.
 */

/** Skips a group or class starting at i; returns the index after its closing bracket (or the end). */
function skipBracketed(p: string, i: number): number {
  let depth = 0;
  let inClass = false;
  for (let k = i; k < p.length; k++) {
    const c = p[k];
    if (c === '\\') { k++; continue; }
    if (inClass) { if (c === ']') { inClass = false; if (depth === 0) return k + 1; } continue; }
    if (c === '[') { inClass = true; continue; }
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return k + 1;
  }
  return p.length;
}

/** Length of a quantifier at i (`*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy), 0 if none; and its minimum. */
function quantifierAt(p: string, i: number): { length: number; min: number } {
  const c = p[i];
  let length = 0;
  let min = 1;
  if (c === '*' || c === '?') { length = 1; min = 0; } else if (c === '+') length = 1;
  else if (c === '{') {
    const m = /^\{(\d+)(,\d*)?\}/.exec(p.slice(i, i + 24));
    if (m) { length = m[0].length; min = Number(m[1]); }
  }
  if (length && p[i + length] === '?') length++;
  return { length, min };
}

export function requiredLiteral(pattern: string): string {
  // Alternation at the top level makes every literal optional. (Inside a group it only affects the group, which
  // the scan below treats as opaque.)
  let depth = 0;
  let inClass = false;
  for (let k = 0; k < pattern.length; k++) {
    const c = pattern[k];
    if (c === '\\') { k++; continue; }
    if (inClass) { if (c === ']') inClass = false; continue; }
    if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth <= 0) return '';
  }
  let best = '';
  let run = '';
  const endRun = () => { if (run.length > best.length) best = run; run = ''; };
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i];
    let atom: string | undefined;
    let next: number;
    if (c === '(' || c === '[') { endRun(); next = skipBracketed(pattern, i); }
    else if (c === '\\') {
      const e = pattern[i + 1] ?? '';
      atom = /[A-Za-z0-9]/.test(e) ? undefined : e; // \d \w \b \n \x… are not plain characters here
      next = i + 2;
    } else if ('.^$'.includes(c)) { next = i + 1; }
    else { atom = c; next = i + 1; }
    const q = quantifierAt(pattern, next);
    if (atom === undefined || q.min === 0) {
      endRun();
    } else {
      run += atom.toLowerCase();
      if (q.length) endRun();
    }
    i = next + q.length;
  }
  endRun();
  return best.length >= 2 ? best : '';
}
