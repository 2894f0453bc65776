/** A small seeded generator (mulberry32): the demo data is the same for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The item a draw in [0, 1) falls on, all equally likely. */
export const pick = <T>(items: readonly T[], draw: number): T => items[Math.floor(draw * items.length)]!;

/** The item a draw in [0, 1) falls on, each as likely as its weight. */
export function weighted<T>(items: ReadonlyArray<readonly [T, number]>, draw: number): T {
  let left = draw * items.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [item, weight] of items) {
    left -= weight;
    if (left < 0) return item;
  }
  return items[items.length - 1]![0];
}
