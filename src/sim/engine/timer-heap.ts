/** A binary min-heap of timers ordered by (time, insertion order): the virtual clock's agenda. */
export interface Timer {
  atUs: number;
  seq: number;
  fire: () => void;
}

export class TimerHeap {
  private readonly items: Timer[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  push(atUs: number, fire: () => void): void {
    const t: Timer = { atUs, seq: this.seq++, fire };
    const a = this.items;
    a.push(t);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }

  peek(): Timer | undefined {
    return this.items[0];
  }

  pop(): Timer | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l], a[m])) m = l;
        if (r < a.length && before(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}

function before(x: Timer, y: Timer): boolean {
  return x.atUs < y.atUs || (x.atUs === y.atUs && x.seq < y.seq);
}
