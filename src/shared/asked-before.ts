/** Slots of the table: 65,536 questions remembered (256 KiB), the older forgotten as new ones take their slot. */
const SLOTS = 1 << 16;

/**
 * Which questions were asked before, recently, kept as 32-bit hashes in a fixed table (a doorkeeper, as
 * TinyLFU's): no object per question, so remembering millions of one-off questions costs no memory and
 * leaves no garbage. A question whose slot another has taken since counts as new (it is asked once more
 * before it counts); two questions of the same hash are taken for one (about one in four billion).
 */
export function createAskedBefore(slots = SLOTS) {
  const table = new Uint32Array(slots);
  const mask = slots - 1;
  if ((slots & mask) !== 0) throw new Error('slots must be a power of two');
  return {
    /** Whether `question` was noted before; notes it. */
    check(question: string): boolean {
      const h = (hash(question) | 1) >>> 0;
      const slot = h & mask;
      const before = table[slot] === h;
      table[slot] = h;
      return before;
    },
  };
}

/** FNV-1a over the string's UTF-16 code units. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
