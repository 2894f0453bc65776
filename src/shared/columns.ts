/*
 * Columns for large in-memory indexes: numbers in typed arrays that grow, strings packed into one buffer,
 * and repeated values stored once and referred to by number. A million rows cost a few arrays, not a
 * million objects for the garbage collector to walk.
 */

type Typed = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;
type TypedConstructor<A extends Typed> = { new (length: number): A };

/**
 * How big a column grows when full: by a quarter (at least a thousand more), not double, so that a
 * hundred-megabyte column taking one more row costs a quarter more, not a second copy.
 */
const grown = (length: number) => Math.max(length + 1024, Math.ceil(length * 1.25));

/**
 * A column of numbers of one typed-array kind, grown as `grown` says. One read back from bytes keeps them
 * where they are (`head`, a view of a snapshot, say) and takes rows added later in an array of its own,
 * so the first row added after loading copies nothing.
 */
export class NumberColumn<A extends Typed> {
  private head: A | undefined;
  private headCount = 0;
  private data: A;
  private count = 0;
  private readonly make: TypedConstructor<A>;

  constructor(make: TypedConstructor<A>, capacity = 1024) {
    this.make = make;
    this.data = new make(capacity);
  }

  get length(): number {
    return this.headCount + this.count;
  }

  push(value: number): number {
    if (this.count === this.data.length) {
      const larger = new this.make(grown(this.data.length));
      larger.set(this.data);
      this.data = larger;
    }
    this.data[this.count] = value;
    return this.headCount + this.count++;
  }

  at(i: number): number {
    return i < this.headCount ? this.head![i]! : this.data[i - this.headCount]!;
  }

  /**
   * The values as one typed array: row `i` is its element `i` (below `length`; the array may be longer).
   * A loop reading one column through it reads one kind of array at each place, which the engine reads
   * fast, where `at`, shared by columns of every kind, is slow. Rows added after the column was read back
   * are joined to it first, once. Hold it no longer than a search: a `push` may replace it.
   */
  values(): A {
    if (this.head === undefined) return this.data;
    if (this.count === 0) return this.head;
    const length = this.headCount + this.count;
    const all = new this.make(grown(length));
    all.set(this.head.subarray(0, this.headCount) as never);
    all.set(this.data.subarray(0, this.count) as never, this.headCount);
    this.head = undefined;
    this.headCount = 0;
    this.data = all;
    this.count = length;
    return all;
  }

  set(i: number, value: number): void {
    if (i < this.headCount) this.head![i] = value;
    else this.data[i - this.headCount] = value;
  }

  /** The values held, as bytes: a view, or a copy when rows were added after the column was read back. */
  bytes(): Uint8Array {
    const size = this.data.BYTES_PER_ELEMENT;
    const tail = new Uint8Array(this.data.buffer, this.data.byteOffset, this.count * size);
    if (!this.head) return tail;
    const head = new Uint8Array(this.head.buffer, this.head.byteOffset, this.headCount * size);
    if (this.count === 0) return head;
    const both = new Uint8Array(head.byteLength + tail.byteLength);
    both.set(head);
    both.set(tail, head.byteLength);
    return both;
  }

  /**
   * A column holding the values of `bytes` (as made by `bytes()`): a view of them where they are aligned
   * for the kind, a copy otherwise.
   */
  static fromBytes<A extends Typed>(make: TypedConstructor<A>, bytes: Uint8Array): NumberColumn<A> {
    const column = new NumberColumn(make);
    const size = new make(1).BYTES_PER_ELEMENT;
    const count = bytes.byteLength / size;
    if (bytes.byteOffset % size === 0) {
      const view = make as unknown as new (buffer: ArrayBufferLike, offset: number, length: number) => A;
      column.head = new view(bytes.buffer, bytes.byteOffset, count);
    } else {
      column.head = new make(count);
      new Uint8Array(column.head.buffer).set(bytes);
    }
    column.headCount = count;
    return column;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A column of strings packed as UTF-8 in one growing buffer; each read decodes its string. One read back
 * from its parts keeps them where they are and packs strings added later in a buffer of its own.
 */
export class StringColumn {
  private head: Uint8Array | undefined;
  private headUsed = 0;
  private bytes: Uint8Array<ArrayBufferLike> = new Uint8Array(64 * 1024);
  private used = 0;
  /** Where each string ends, counted over the head and then the rest. */
  private ends: NumberColumn<Uint32Array> = new NumberColumn(Uint32Array);

  get length(): number {
    return this.ends.length;
  }

  push(value: string): number {
    const needed = this.used + value.length * 3;
    if (needed > this.bytes.length) {
      const larger = new Uint8Array(Math.max(grown(this.bytes.length), needed));
      larger.set(this.bytes.subarray(0, this.used));
      this.bytes = larger;
    }
    this.used += encoder.encodeInto(value, this.bytes.subarray(this.used)).written;
    return this.ends.push(this.headUsed + this.used);
  }

  at(i: number): string {
    const ends = this.ends.values();
    const start = i === 0 ? 0 : ends[i - 1]!;
    const end = ends[i]!;
    // A string is wholly in the head or wholly after it: strings added later start where the head ends.
    if (this.head && end <= this.headUsed) return decoder.decode(this.head.subarray(start, end));
    return decoder.decode(this.bytes.subarray(start - this.headUsed, end - this.headUsed));
  }

  /** The packed text and where each string ends, as bytes (views, or copies when strings were added). */
  parts(): { text: Uint8Array; ends: Uint8Array } {
    const tail = this.bytes.subarray(0, this.used);
    let text: Uint8Array = tail;
    if (this.head && this.used === 0) text = this.head.subarray(0, this.headUsed);
    else if (this.head) {
      text = new Uint8Array(this.headUsed + this.used);
      text.set(this.head.subarray(0, this.headUsed));
      text.set(tail, this.headUsed);
    }
    return { text, ends: this.ends.bytes() };
  }

  /** A column of the strings `parts()` gave: views of them. */
  static fromParts(parts: { text: Uint8Array; ends: Uint8Array }): StringColumn {
    const column = new StringColumn();
    column.head = parts.text;
    column.headUsed = parts.text.byteLength;
    column.ends = NumberColumn.fromBytes(Uint32Array, parts.ends);
    return column;
  }
}

/** Values stored once each, by a key, and referred to by their number. */
export class InternTable<T> {
  private readonly values: T[] = [];
  private readonly numbers = new Map<string, number>();

  /** The number of the value with this key, made by `make` the first time. */
  number(key: string, make: () => T): number {
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.values.push(make()) - 1;
      this.numbers.set(key, n);
    }
    return n;
  }

  at(n: number): T {
    return this.values[n]!;
  }

  /** Every key and value, by number, for saving. */
  entries(): { keys: string[]; values: T[] } {
    const keys: string[] = [];
    for (const [key, n] of this.numbers) keys[n] = key;
    return { keys, values: [...this.values] };
  }

  /** A table of the entries `entries()` gave. */
  static fromEntries<T>(entries: { keys: readonly string[]; values: readonly T[] }): InternTable<T> {
    const table = new InternTable<T>();
    entries.keys.forEach((key, n) => {
      table.values.push(entries.values[n]!);
      table.numbers.set(key, n);
    });
    return table;
  }
}
