/**
 * Run by speed.test.ts in its own process (so the CPU time measured is this simulation's alone): simulate a node
 * with N pods for H hours and print one JSON line with steps, lines, wall and CPU time.
 */
import { Simulation } from '../../../src/sim/simulation.ts';

const [pods = '100', hours = '1', version = '1.28'] = process.argv.slice(2);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const sim = new Simulation({ scenario: 'node-hour', variant: 'fixed', version, pods: Number(pods), hours: Number(hours), verbosity: 2 });
sim.run();
const wallMs = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({
  steps: sim.stepCount, lines: sim.lines.length, simulatedS: (sim.nowUs - sim.scenario.startUs) / 1e6,
  wallMs: Math.round(wallMs), cpuMs: Math.round((cpu.user + cpu.system) / 1000), podsAtEnd: sim.world.api.pods.size,
}) + '\n');
