/**
 * The colour of a state band, from its label. Labels come from the transition tables (model/machines.ts), so this
 * keys on their first word: healthy states are green, transitions amber, ended states slate, failures red. API
 * status versions are neutral (their content is in the label). Unknown is not a colour: it is drawn hatched.
 */
import type { Theme } from './theme.ts';

export type StateTone = 'ok' | 'busy' | 'ended' | 'bad' | 'info';

const TONE_BY_WORD: Readonly<Record<string, StateTone>> = {
  running: 'ok', ready: 'ok', success: 'ok', sync: 'ok', syncing: 'ok', open: 'ok',
  created: 'busy', creating: 'busy', starting: 'busy', killing: 'busy', terminating: 'busy', deleting: 'busy',
  pending: 'busy', waiting: 'busy', skipping: 'busy',
  terminated: 'ended', finished: 'ended', stopped: 'ended', removed: 'ended', forgotten: 'ended', exited: 'ended',
  failure: 'bad', 'not-ready': 'bad', notready: 'bad', down: 'bad', failed: 'bad', crashloop: 'bad',
  patch: 'info',
};

export function stateTone(label: string): StateTone {
  const space = label.indexOf(' ');
  const word = (space < 0 ? label : label.slice(0, space)).toLowerCase();
  if (word === 'exited') {
    // `exited 137`, `exited 1`: a non-zero code is a failure; `exited 0` or no code is an ordinary end.
    const code = Number(label.slice(7).split(' ')[0]);
    return Number.isFinite(code) && code !== 0 && label.length > 7 ? 'bad' : 'ended';
  }
  if (/^v\d/.test(word)) return 'info';
  return TONE_BY_WORD[word] ?? 'info';
}

const PALETTE: Readonly<Record<Theme['name'], Readonly<Record<StateTone, string>>>> = {
  light: { ok: '#7cc48b', busy: '#f0b85a', ended: '#a9b6c8', bad: '#ea7d74', info: '#93b4e3' },
  dark: { ok: '#3f8f54', busy: '#b7832d', ended: '#56657a', bad: '#b8453d', info: '#46689b' },
};

export function stateColor(theme: Theme, label: string): string {
  return PALETTE[theme.name][stateTone(label)];
}

/** Text on a band: dark on light fills, light on dark fills. */
export function stateTextColor(theme: Theme): string {
  return theme.name === 'light' ? '#10151c' : '#eef2f7';
}
