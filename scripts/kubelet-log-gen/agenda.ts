/** The simulation's to-do list: actions ordered by simulated time (a binary min-heap; ties run in FIFO order). */
interface Task {
  tUs: number;
  seq: number;
  run: () => void;
}

export class Agenda {
  private readonly heap: Task[] = [];
  private seq = 0;

  schedule(tUs: number, run: () => void): void {
    const h = this.heap;
    h.push({ tUs, seq: this.seq++, run });
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(h[i], h[parent])) break;
      [h[i], h[parent]] = [h[parent], h[i]];
      i = parent;
    }
  }

  /** Removes and returns the earliest task, or undefined when nothing is left. */
  next(): Task | undefined {
    const h = this.heap;
    if (h.length === 0) return undefined;
    const top = h[0];
    const last = h.pop()!;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && before(h[l], h[m])) m = l;
        if (r < h.length && before(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}

function before(a: Task, b: Task): boolean {
  return a.tUs < b.tUs || (a.tUs === b.tUs && a.seq < b.seq);
}
