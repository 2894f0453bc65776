/** The one source of "now", so rules that depend on time are tested with a fake. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to; for tests. */
export class FakeClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-11-21T12:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}
