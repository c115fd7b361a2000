/** Validation specs (schema.ts) for the share types: view state, notes, simulation state. Used by trace files and links. */
import { arrayOf, bool, int, num, object, oneOf, optional, scalarMap, str, tagged, type Spec } from './schema.ts';

export const LIMITS = {
  notes: 1000,
  noteChars: 10_000,
  idChars: 200,
  nameChars: 4096,
  listEntries: 100_000,
  simSteps: 10_000_000,
  simEntries: 100_000,
};

const line = int(1, 2 ** 32);
const eventRef = object({ source: str(LIMITS.nameChars), line });

export const FILTERS_SPEC: Spec = object({
  text: optional(str(LIMITS.noteChars)),
  textIsRegex: optional(bool()),
  pods: optional(arrayOf(str(LIMITS.nameChars), LIMITS.listEntries)),
  namespaces: optional(arrayOf(str(LIMITS.nameChars), LIMITS.listEntries)),
  containers: optional(arrayOf(str(LIMITS.nameChars), LIMITS.listEntries)),
  laneKinds: optional(arrayOf(str(LIMITS.idChars), LIMITS.listEntries)),
  minSeverity: optional(int(0, 3)),
  logFollowsWindow: optional(bool()),
});

const viewFields = {
  startUs: num(),
  endUs: num(),
  originUs: num(),
  filters: optional(FILTERS_SPEC),
  collapsedLanes: optional(arrayOf(str(LIMITS.nameChars), LIMITS.listEntries)),
};

/** ViewState: the selection by index (trace files). */
export const VIEW_SPEC: Spec = object({
  ...viewFields,
  selected: optional(object({ kind: oneOf(['event', 'span', 'pod', 'lane']), index: int(0, 2 ** 32) })),
});

/** StableViewState: the selection by key (links). */
export const STABLE_VIEW_SPEC: Spec = object({
  ...viewFields,
  selected: optional(tagged('kind', {
    event: object({ kind: oneOf(['event']), event: eventRef }),
    pod: object({ kind: oneOf(['pod']), pod: str(LIMITS.nameChars) }),
    lane: object({ kind: oneOf(['lane']), laneId: str(LIMITS.nameChars) }),
    span: object({ kind: oneOf(['span']), laneId: str(LIMITS.nameChars), startUs: num() }),
  })),
});

export const NOTES_SPEC: Spec = arrayOf(object({
  id: str(LIMITS.idChars),
  text: str(LIMITS.noteChars),
  target: tagged('kind', {
    range: object({ kind: oneOf(['range']), startUs: num(), endUs: num() }),
    lane: object({ kind: oneOf(['lane']), laneId: str(LIMITS.nameChars) }),
    event: object({ kind: oneOf(['event']), event: eventRef }),
  }),
}), LIMITS.notes);

export const SIMULATION_SPEC: Spec = object({
  scenario: str(LIMITS.idChars),
  variant: str(LIMITS.idChars),
  version: str(LIMITS.idChars),
  seed: int(-(2 ** 53), 2 ** 53),
  verbosity: optional(int(0, 10)),
  choices: arrayOf(object({ step: int(0, LIMITS.simSteps), goroutine: str(LIMITS.idChars) }), LIMITS.simEntries),
  faults: arrayOf(object({
    step: int(0, LIMITS.simSteps),
    kind: str(LIMITS.idChars),
    target: optional(str(LIMITS.nameChars)),
    params: optional(scalarMap()),
  }), LIMITS.simEntries),
  step: int(0, LIMITS.simSteps),
});
