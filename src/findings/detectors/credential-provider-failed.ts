/**
 * credential-provider-failed: an image credential provider plugin (an exec plugin the kubelet runs for images its
 * config matches, such as ecr-credential-provider; 1.20+) gives the kubelet no credentials: its binary cannot be
 * started, it fails, or it does not answer in time. The kubelet then pulls without credentials, so a private
 * registry refuses the pull and the pods using its images stay in ErrImagePull / ImagePullBackOff. One finding per
 * node and plugin, with the cause its error names.
 */
import type { Detector } from '../detectors.ts';
import type { FindingContext } from '../context.ts';
import { FindingBuilder } from '../finding-builder.ts';
import type { Finding } from '../../model/trace.ts';
import { eventRawText } from '../../model/trace-query.ts';
import { clipMiddle } from '../text-scan.ts';
import { causeByWords, type Cause } from '../causes.ts';
import { eventsNear } from '../episodes.ts';
import { US_PER_DAY } from '../../util/time.ts';
import { count, duration, lineRef, timeOfEvent } from '../wording.ts';

const MAX_EVIDENCE = 20;
/** A pull failing this soon after the plugin gave nothing is that pull. */
const PULL_AFTER_US = 60e6;

interface Failing { node: number; plugin: string; events: number[] }

/** Why the plugin gave nothing, from its error's words (most specific first; causes.ts). */
const CAUSES: readonly Cause[] = [
  {
    // `fork/exec <path>: no such file or directory`: exec found no file — the binary or its ELF interpreter.
    id: 'not-startable', words: [': no such file or directory'], title: 'its binary cannot be started',
    why: 'The kubelet could not start the plugin: exec found no such file. Either the binary is not in the kubelet\'s --image-credential-provider-bin-dir under the name its config gives, or it is a dynamically linked program whose loader (its ELF interpreter, glibc\'s or musl\'s) the node does not have — exec reports that the same way.',
    next: 'On the node: `ls -l <bin-dir>/<plugin>` (the name in the credential provider config must match the file), and `file <bin-dir>/<plugin>` — a dynamically linked binary needs the loader it names; use a statically linked build on a minimal OS.',
  },
  {
    id: 'not-executable', words: ['permission denied'], title: 'its binary may not be run',
    why: 'The plugin\'s file is there but the kubelet may not execute it: it lacks the execute permission, or the directory is mounted noexec.',
    next: 'Make the plugin executable (`chmod +x`) and check the mount options of --image-credential-provider-bin-dir.',
  },
  {
    id: 'timeout', words: ['context deadline exceeded', 'timed out', 'timeout'], title: 'it does not answer in time',
    why: 'The plugin started and did not answer before the kubelet\'s deadline, so the kubelet killed it: it was waiting on its own source of credentials — for a cloud registry\'s plugin, the cloud\'s API or the instance metadata service (not reachable from the node, or refusing the request).',
    next: 'Run the plugin by hand on the node with the request the kubelet sends (a CredentialProviderRequest with the image on stdin) and see where it waits; for ecr-credential-provider, that the node reaches the ECR API and the instance metadata service (its hop limit), and that it knows the region.',
  },
  {
    id: 'failed', words: ['exit status'], title: 'it fails',
    why: 'The plugin ran and exited with an error (its message, from its stderr, is in the error): no credentials for this image.',
    next: 'Read the plugin\'s message in the error; run it by hand on the node with the same request to see the whole of it.',
  },
];

const OTHER: Cause = {
  id: 'other', words: [], title: 'it gives none',
  why: 'The plugin gave the kubelet no credentials for this image.',
  next: 'Read the error; run the plugin by hand on the node with the request the kubelet sends.',
};

export const credentialProviderFailed: Detector = {
  id: 'credential-provider-failed',
  detect(ctx) {
    const ev = ctx.trace.events;
    const groups = new Map<string, Failing>();
    for (const e of ctx.ofKind('image.credential-provider-failed')) {
      const plugin = /credential provider plugin ([\w.-]{1,100})/.exec(ctx.text(e))?.[1] ?? '';
      const key = `${ev.node[e]}\n${plugin}`;
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { node: ev.node[e], plugin, events: [] }));
      if (g.events.length < 500) g.events.push(e);
    }
    return [...groups.values()].map((g) => describe(ctx, g));
  },
};

function describe(ctx: FindingContext, g: Failing): Finding {
  const trace = ctx.trace;
  const ev = trace.events;
  const b = new FindingBuilder(trace);
  for (const e of g.events.slice(0, MAX_EVIDENCE)) b.evidence(e);
  b.nodeLanes(g.node, ['runtime']);
  const first = g.events[0];
  const last = g.events[g.events.length - 1];
  const error = eventRawText(trace, last, 4000);
  const cause = causeByWords(CAUSES, error) ?? OTHER;
  const images = [...new Set(g.events.map((e) => / for image ([^\s:]{1,300}(?::[\w.-]{1,128})?)/.exec(ctx.text(e))?.[1]).filter((x): x is string => !!x))];
  const plugin = g.plugin ? `credential provider plugin ${g.plugin}` : 'an image credential provider plugin';
  const when = g.events.length === 1 ? `at ${timeOfEvent(trace, first)} (${lineRef(trace, first)})`
    : `${count(g.events.length, 'time')} from ${timeOfEvent(trace, first)} (${lineRef(trace, first)}) to ${timeOfEvent(trace, last)} (${lineRef(trace, last)})`;
  const parts = [
    `The kubelet got no credentials from ${plugin} ${when}${images.length ? `, for ${images.length === 1 ? `image ${images[0]}` : `${count(images.length, 'image')}`}` : ''}: "${clipMiddle(ctx.text(last), 240)}". ${cause.why}`,
  ];
  // The plugin's own klog lines, quoted inside the error, say when it started: how long it ran before it was stopped.
  const ranUs = pluginRunUs(error, ev.timeUs[last]);
  if (cause.id === 'timeout' && ranUs !== undefined) parts.push(`Its own first log line, quoted in the error, is ${duration(ranUs)} older than the kubelet's: that long it ran before the deadline.`);
  // The pulls of those images that then failed, shortly after.
  const pulls = images.length ? eventsNear(ctx, ctx.ofKinds(['image.pull-failed', 'event.image-pull-failed']), g.node, ev.timeUs[first], ev.timeUs[last] + PULL_AFTER_US, 50)
    .filter((e) => images.some((i) => eventRawText(trace, e, 2000).includes(i))) : [];
  for (const e of pulls.slice(0, 5)) b.evidence(e);
  parts.push(pulls.length
    ? `Without credentials the kubelet pulls anonymously, and a private registry refuses it: the pull failed ${count(pulls.length, 'time')} (first ${lineRef(trace, pulls[0])}); the pods that use these images stay in ErrImagePull / ImagePullBackOff.`
    : 'Without credentials the kubelet pulls anonymously, so a private registry refuses the pull and the pods that use these images stay in ErrImagePull / ImagePullBackOff.');
  return b.build({
    id: 'credential-provider-failed',
    title: `Image credential provider ${g.plugin ? `${g.plugin} ` : ''}failing: ${cause.title}`,
    severity: g.events.length > 1 ? 'error' : 'warning',
    explanation: parts.join(' '),
    next: cause.next,
  });
}

/**
 * µs between the plugin's first klog line quoted in `error` and `atUs`, by time of day; undefined when there is none
 * or it is not within PLUGIN_RUN_MAX_US before (the kubelet's JSON time is UTC, the plugin's klog time local).
 */
function pluginRunUs(error: string, atUs: number): number | undefined {
  const m = /[IWEF]\d{4} (\d\d):(\d\d):(\d\d)\.(\d{6}) /.exec(error);
  if (!m) return undefined;
  const todUs = ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1e6 + Number(m[4]);
  const gapUs = ((((atUs % US_PER_DAY) - todUs) % US_PER_DAY) + US_PER_DAY) % US_PER_DAY;
  return gapUs <= PLUGIN_RUN_MAX_US ? gapUs : undefined;
}

/** Longer than any deadline the kubelet gives a plugin: a gap past it is a clock difference, not a run. */
const PLUGIN_RUN_MAX_US = 10 * 60e6;
