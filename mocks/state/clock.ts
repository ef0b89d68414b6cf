/**
 * The simulator's time. `stamp()` hands out strictly increasing millisecond timestamps, so two writes
 * never share an updated_at and "changed since" walks cannot miss a write made in the same millisecond.
 */
export class Clock {
  private last = 0;
  private readonly source: () => Date;

  constructor(source: () => Date) {
    this.source = source;
  }

  /** Wall time of the source, in epoch milliseconds (rate-limit windows, expiries). */
  nowMs(): number {
    return this.source().getTime();
  }

  /** A fresh, strictly increasing instant for a write, in epoch milliseconds. */
  stampMs(): number {
    this.last = Math.max(this.nowMs(), this.last + 1);
    return this.last;
  }

  stamp(): string {
    return new Date(this.stampMs()).toISOString();
  }

  /** Never hand out an instant at or before `ms` again (the seed's newest timestamp). */
  advancePast(ms: number): void {
    this.last = Math.max(this.last, ms);
  }
}
