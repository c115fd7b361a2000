/** What a share contains, in plain sentences, for the share dialog ("exactly what is included") and the CLI. */
import type { ShareState } from './share-types.ts';

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}

export function summarizeShare(state: ShareState): string[] {
  const out: string[] = [];
  if (state.kind === 'logs') {
    for (const s of state.sources) {
      const lines = s.text.split('\n');
      let kept = 0;
      let first = 0;
      let last = 0;
      lines.forEach((l, i) => {
        if (!l) return;
        kept++;
        if (!first) first = i + 1;
        last = i + 1;
      });
      out.push(kept ? `${s.name}: ${plural(kept, 'log line')} (lines ${first}–${last})` : `${s.name}: no lines`);
    }
  } else {
    const sim = state.simulation;
    out.push(`simulation ${sim.scenario} (${sim.variant}, kubelet ${sim.version}${sim.verbosity !== undefined ? `, -v=${sim.verbosity}` : ''}), seed ${sim.seed}, at step ${sim.step}`);
    if (sim.choices.length) out.push(plural(sim.choices.length, 'scheduling choice'));
    if (sim.faults.length) out.push(`${plural(sim.faults.length, 'injected fault')}: ${sim.faults.map((f) => f.kind).join(', ')}`);
  }
  const v = state.view;
  if (v) {
    out.push('the time window');
    if (v.selected) out.push(`the selected ${v.selected.kind}`);
    if (v.filters && Object.values(v.filters).some((x) => x !== undefined && x !== '' && !(Array.isArray(x) && x.length === 0))) out.push('the filters');
    if (v.collapsedLanes?.length) out.push(plural(v.collapsedLanes.length, 'collapsed lane'));
  }
  if (state.notes.length) out.push(plural(state.notes.length, 'note'));
  return out;
}
