/**
 * Positions 0…n−1 put in order only as far as asked: `first(k)` answers the k least by `compare` (a
 * strict total order: break every tie), in order. A search ranks thousands of hotels and shows twenty: it
 * selects those twenty (quickselect, about 2n comparisons) and sorts them, and orders further only when a
 * later page asks.
 */
export class PartialOrder {
  readonly length: number;
  private readonly compare: (a: number, b: number) => number;
  private readonly order: Uint32Array;
  /** order[0…sorted) are final. */
  private sorted = 0;

  constructor(length: number, compare: (a: number, b: number) => number) {
    this.length = length;
    this.compare = compare;
    this.order = new Uint32Array(length);
    for (let i = 0; i < length; i++) this.order[i] = i;
  }

  /** The `k` least positions (fewer if there are not as many), least first. */
  first(k: number): Uint32Array {
    const upTo = Math.min(Math.max(0, k), this.length);
    if (upTo > this.sorted) {
      const from = this.sorted;
      // Asked for most of what is left: sorting it all costs little more than selecting.
      if ((upTo - from) * 4 >= this.length - from) {
        this.order.subarray(from).sort(this.compare);
        this.sorted = this.length;
      } else {
        select(this.order, from, this.length - 1, upTo - 1, this.compare);
        this.order.subarray(from, upTo).sort(this.compare);
        this.sorted = upTo;
      }
    }
    return this.order.subarray(0, upTo);
  }
}

/**
 * Rearranges a[l…r] so that a[t] holds what would be there sorted, with nothing greater before it and
 * nothing less after it (Hoare's quickselect, the pivot a median of three).
 */
function select(a: Uint32Array, l: number, r: number, t: number, compare: (a: number, b: number) => number) {
  const swap = (i: number, j: number) => {
    const x = a[i]!;
    a[i] = a[j]!;
    a[j] = x;
  };
  while (r > l) {
    const m = (l + r) >>> 1;
    if (compare(a[m]!, a[l]!) < 0) swap(l, m);
    if (compare(a[r]!, a[l]!) < 0) swap(l, r);
    if (compare(a[r]!, a[m]!) < 0) swap(m, r);
    const pivot = a[m]!;
    let i = l;
    let j = r;
    while (i <= j) {
      while (compare(a[i]!, pivot) < 0) i++;
      while (compare(a[j]!, pivot) > 0) j--;
      if (i <= j) swap(i++, j--);
    }
    if (t <= j) r = j;
    else if (t >= i) l = i;
    else return;
  }
}
