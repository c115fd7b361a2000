/**
 * Whether a record's message is one the catalog knows as the kubelet's own: the evidence by which a journal's
 * kubelet identifier is told from other programs' when its name does not say (ingest/journal-programs.ts).
 * Messages other components print too (entry.alsoPrintedBy) are no evidence.
 */
import { CATALOG, MessageMatcher } from './catalog.ts';
import { Era, type LogRecord } from '../ingest/record.ts';
import { quotedEnd, unquoteGo } from '../ingest/structured.ts';

let matcher: MessageMatcher | undefined;

export function isKubeletMessage(rec: LogRecord): boolean {
  const m = (matcher ??= new MessageMatcher());
  let entry = 0;
  if (rec.era === Era.Json) {
    const msg = rec.json?.msg;
    if (typeof msg === 'string') entry = m.matchMessage(msg);
  } else if (rec.era === Era.Structured) {
    const end = quotedEnd(rec.text, rec.msgStart);
    if (end > 0) entry = m.matchMessage(unquoteGo(rec.text, rec.msgStart, end));
  } else {
    const nl = rec.text.indexOf('\n', rec.msgStart);
    entry = m.matchPrintf(rec.text, rec.msgStart, nl < 0 ? rec.text.length : nl)?.entry ?? 0;
  }
  return entry > 0 && !CATALOG[entry].alsoPrintedBy;
}

/**
 * Whether `message` (a journal line of the service manager about the kubelet's unit, after `kubelet.service: `) is one
 * the catalog knows (its main process exiting, the unit failing or being restarted, the OOM killer): such lines are
 * read as the kubelet's own (ingest/source-reader.ts serviceRecord), the rest of the service manager's are not.
 */
export function isServiceManagerMessage(message: string): boolean {
  const m = (matcher ??= new MessageMatcher());
  const entry = m.matchPrintf(message, 0)?.entry ?? 0;
  return entry > 0 && CATALOG[entry].kind.startsWith('service.');
}

