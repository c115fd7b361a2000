/**
 * The keymaps as data: every key does one thing in the incident view, the help overlay has a line for each main
 * action, and the incident keys the simulation view takes over are exactly the deliberate ones.
 */
import { describe, expect, it } from 'vitest';
import { KEYMAP, type KeyBinding } from '../../../src/ui/app/keymap.ts';
import { SIM_KEYMAP } from '../../../src/ui/sim/sim-keymap.ts';

const chord = (b: KeyBinding, key: string) => `${b.ctrl ? 'Ctrl+' : ''}${key}`;
const chords = (map: readonly KeyBinding[]) => map.flatMap((b) => b.keys.map((k) => chord(b, k)));

describe('the incident keymap', () => {
  it('binds each key (with or without Ctrl) to one action', () => {
    const all = chords(KEYMAP);
    expect(all.filter((c, i) => all.indexOf(c) !== i)).toEqual([]);
  });

  it('has a key, listed in the help, for each main action', () => {
    const shown = new Map(KEYMAP.filter((b) => b.shown).map((b) => [b.does, b.shown]));
    const keyFor = (words: RegExp) => [...shown].filter(([does]) => words.test(does)).map(([, key]) => key);
    expect(keyFor(/^sort pods/)).toEqual(['Shift+R']);
    expect(keyFor(/^severity filter/)).toEqual(['Shift+E']);
    expect(keyFor(/^namespace filter/)).toEqual(['Shift+K']);
    expect(keyFor(/^container filter/)).toEqual(['Shift+T']);
    expect(keyFor(/^lane filter/)).toEqual(['Shift+L']);
    expect(keyFor(/^collapse the selected pod/)).toEqual(['Shift+H']);
    expect(keyFor(/^open log files/)).toEqual(['Ctrl+O']);
    expect(keyFor(/^paste log text/)).toEqual(['Ctrl+V']);
    expect(keyFor(/^filter to pods/)).toEqual(['Shift+P']);
    expect(keyFor(/^search message text/)).toEqual(['/']);
  });

  it('opening and pasting work on the start page; paste is left to the browser\'s paste event', () => {
    const byShown = (s: string) => KEYMAP.find((b) => b.shown === s)!;
    expect(byShown('Ctrl+O').anywhere).toBe(true);
    expect(byShown('Ctrl+V').anywhere).toBe(true);
    expect(KEYMAP.filter((b) => b.paste).map((b) => b.shown)).toEqual(['Ctrl+V']);
  });
});

describe('the simulation keymap over the incident one', () => {
  it('takes over only the keys it means to (the same key does the simulation\'s thing there)', () => {
    const sim = new Set(chords(SIM_KEYMAP));
    const shared = [...new Set(chords(KEYMAP).filter((c) => sim.has(c)))].sort();
    expect(shared).toEqual(['Escape', 'F', 'g', 'n', 'p', 'x']);
  });
});
