/**
 * A state runner skips an event identical to the last one that changed nothing (StateRunner.quietKind). Whatever
 * order events come in, the bands it draws and the anomalies it records must be those of a runner that looks every
 * event up — checked here against one with the shortcut defeated.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MachineTable } from '../../../src/model/machines.ts';
import { CompiledMachine, SpanBuilder, StateRunner, type RunnerContext } from '../../../src/model/state-runner.ts';
import type { Anomaly } from '../../../src/model/trace.ts';
import { StringTable } from '../../../src/util/string-table.ts';

/** A small table with every kind of row: '=' rows, '*' rows, inferred rows, anomalies, a revising row, an end. */
const TABLE: MachineTable = {
  id: 'pod-worker',
  end: ['gone'],
  rows: [
    { on: 'a', from: ['unknown'], to: '=' },
    { on: 'a', from: ['x'], to: 'y' },
    { on: 'a', from: ['y'], to: 'y' },
    { on: 'b', from: ['x'], to: 'x', inferred: true },
    { on: 'b', from: ['y'], to: 'x' },
    { on: 'c', from: ['y'], to: 'y', anomaly: 'c in y' },
    { on: 'c', from: ['x'], to: 'z' },
    { on: 'd', from: '*', to: '*' },
    { on: 'e', from: ['z'], to: 'x', revises: true },
    { on: 'e', from: ['x'], to: '=' },
    { on: 'f', from: ['z', 'x'], to: 'gone' },
  ],
  afterEnd: [{ on: 'a', anomaly: 'a after the end' }],
};

function run(events: [string, string][], defeatShortcut: boolean): unknown {
  const strings = new StringTable();
  const spans = new SpanBuilder();
  const anomalies: Anomaly[] = [];
  const ctx: RunnerContext = { spans, strings, anomalies, gapsOfLane: () => [], whereIs: (e) => `event ${e}` };
  const runner = new StateRunner(new CompiledMachine(TABLE), ctx, 0, -1, 0, 0, 0);
  const changed = events.map(([kind, detail], i) => {
    // Another event in between makes the runner forget its last quiet one.
    if (defeatShortcut) (runner as unknown as { quietKind: string }).quietKind = '';
    return runner.apply(kind, i, (i + 1) * 10, detail);
  });
  runner.finish(events.length * 10 + 10);
  const t = spans.finish();
  const bands = Array.from({ length: t.count }, (_, s) => [t.startUs[s], t.endUs[s], strings.get(t.state[s]), t.flags[s]]);
  return { changed, bands, anomalies };
}

describe('StateRunner repeats', () => {
  it('gives the same bands, anomalies and answers with and without skipping repeated quiet events', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), fc.constantFrom('', 'one', 'two')), { maxLength: 40 }),
      (events) => {
        expect(run(events, false)).toEqual(run(events, true));
      },
    ), { numRuns: 3000 });
  });
});
