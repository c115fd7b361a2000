/** The small scanners detectors use to read details out of kubelet message texts. */
import { describe, expect, it } from 'vitest';
import { backOffIn, bracketList, durationAfter, errorClass, failedActions, hashPair, imageIn } from '../../../src/findings/text-scan.ts';

describe('text scanners', () => {
  it('reads Go durations after a marker, in µs', () => {
    expect(durationAfter('PLEG is not healthy: pleg was last seen active 3m2.5s ago; threshold is 3m0s', 'last seen active ')).toBe(182.5e6);
    expect(durationAfter('no duration here', 'last seen active ')).toBeNaN();
  });

  it('reads back-off values in both capitalisations', () => {
    expect(backOffIn('Back-off 5m0s restarting failed container=alpine pod=a_b(c)')).toEqual({ delayUs: 300e6, label: '5m0s', container: 'alpine' });
    expect(backOffIn('back-off 1m20s restarting failed container=app pod=web-0_default(u)')?.delayUs).toBe(80e6);
    expect(backOffIn('feedback-off 10s')).toBeUndefined();
  });

  it('splits an aggregate pod sync error into its failed actions', () => {
    const err = '[failed to "StartContainer" for "a" with CrashLoopBackOff: "back-off 20s restarting failed container=a pod=p_n(u)", failed to "KillPodSandbox" for "u" with KillPodSandboxError: "rpc error: code = Unavailable"]';
    expect(failedActions(err).map((f) => [f.action, f.target, f.reason])).toEqual([
      ['StartContainer', 'a', 'CrashLoopBackOff'], ['KillPodSandbox', 'u', 'KillPodSandboxError'],
    ]);
    expect(failedActions(err)[0].detail).toContain('back-off 20s');
    // Each detail is the message inside its Go quotes, unescaped, without the list's separators.
    expect(failedActions(err).map((f) => f.detail)).toEqual(['back-off 20s restarting failed container=a pod=p_n(u)', 'rpc error: code = Unavailable']);
    const pull = 'failed to "StartContainer" for "app" with ErrImagePull: "rpc error: code = NotFound desc = failed to pull image \\"x:1\\": not found"';
    expect(failedActions(pull)[0].detail).toBe('rpc error: code = NotFound desc = failed to pull image "x:1": not found');
    expect(imageIn(failedActions(pull)[0].detail)).toBe('x:1');
    // A paste that dropped the spaces (`"StartContainer"for"wordpress"`) or broke the line after "failed to".
    expect(failedActions('failed to "StartContainer"for"wordpress" with CrashLoopBackOff: "Back-off 5m0s"').map((f) => [f.action, f.target])).toEqual([['StartContainer', 'wordpress']]);
    expect(failedActions('skipping: failed to \n"CreatePodSandbox" for"w_d(u)" with CreatePodSandboxError: "x"').map((f) => [f.action, f.target])).toEqual([['CreatePodSandbox', 'w_d(u)']]);
    // A "failed to" inside the quoted message is no action of its own: the detail goes on past it.
    expect(failedActions('failed to "StartContainer" for "a" with RunContainerError: "failed to start container x"')[0].detail).toBe('failed to start container x');
    // An event text cut (with …) inside the quoted message: unquoted as far as it goes, not quoted twice.
    const cut = String.raw`failed to "CreatePodSandbox" for "p_n(u)" with CreatePodSandboxError: "Failed to create sandbox for pod "p_n(u)": rpc error: code = Unkn…`;
    expect(failedActions(cut)[0].detail).toBe('Failed to create sandbox for pod "p_n(u)": rpc error: code = Unkn…');
  });

  it('finds hash pairs, volume lists and image names', () => {
    expect(hashPair('Container spec hash changed (1559107639 vs 1428860573).. Container will be killed')).toEqual(['1559107639', '1428860573']);
    expect(hashPair('nothing versus nothing')).toBeUndefined();
    expect(bracketList('unmounted volumes=[data logs], unattached volumes=[data]', 'unmounted volumes=[')).toEqual(['data', 'logs']);
    expect(imageIn('Back-off pulling image \\"gcr.io/pause:3.0\\"')).toBe('gcr.io/pause:3.0');
  });

  it('classifies runtime errors', () => {
    expect(errorClass('rpc error: code = DeadlineExceeded desc = context deadline exceeded')).toBe('deadline exceeded');
    expect(errorClass('rpc error: code = Unavailable desc = connection closed')).toBe('connection closed');
    expect(errorClass('rpc error: code = NotFound desc = an error occurred when try to find container')).toBe('not found');
  });

  it('stays linear on hostile input (a megabyte of near-matches)', () => {
    const hostile = 'failed to "'.repeat(100_000) + 'ack-off '.repeat(50_000);
    const t0 = performance.now();
    failedActions(hostile);
    backOffIn(hostile);
    hashPair(' vs '.repeat(200_000));
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
