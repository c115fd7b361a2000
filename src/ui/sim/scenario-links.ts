/** Which simulation reproduces which built-in incident (the scenario names its seed; the incident file starts with it). */
import { steppableScenarios } from '../../store/sim-params.ts';
import type { ScenarioInfo } from '../../sim/simulate.ts';
import { INCIDENTS, type BuiltInIncident } from '../load/incidents.ts';

export function incidentOfScenario(s: ScenarioInfo): BuiltInIncident | undefined {
  return s.seed === undefined ? undefined : INCIDENTS.find((i) => i.file.startsWith(`seed-${s.seed}-`));
}

export function scenarioOfIncidentFile(file: string): ScenarioInfo | undefined {
  return steppableScenarios().find((s) => s.seed !== undefined && file.startsWith(`seed-${s.seed}-`));
}
