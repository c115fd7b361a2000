/** The list of incident detectors, in the order their findings are reported. */
import type { Finding, Trace } from '../model/trace.ts';

export interface Detector {
  /** Stable id (part of the CLI/JSON interface). */
  id: string;
  detect(trace: Trace): Finding[];
}

export const DETECTORS: Detector[] = [];
