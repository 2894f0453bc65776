/*
 * A binary file of named byte sections and a JSON header, for saving an in-memory index and loading it
 * back far faster than building it again: typed arrays go in as their bytes and come out as views.
 *
 *   "ITNS" | u32 format | u32 header length | header JSON | padding to 8 | sections, each padded to 8
 */

const MAGIC = 'ITNS';
const FORMAT = 1;
const ALIGN = 8;

interface Header {
  meta: unknown;
  sections: Array<{ name: string; offset: number; length: number }>;
}

const padded = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/**
 * The bytes of a snapshot of `meta` (any JSON) and the sections, each aligned so typed arrays can view
 * it in place once read back: as a list of pieces to write one after another, so the sections (hundreds
 * of megabytes at world scale) are written from where they are rather than copied into one buffer.
 */
export function packSnapshot(meta: unknown, sections: Record<string, Uint8Array>): Uint8Array[] {
  const names = Object.keys(sections);
  let offset = 0;
  const placed = names.map((name) => {
    const at = { name, offset, length: sections[name]!.byteLength };
    offset = padded(offset + at.length);
    return at;
  });
  const header = Buffer.from(JSON.stringify({ meta, sections: placed } satisfies Header));
  const head = Buffer.alloc(padded(12 + header.length));
  head.write(MAGIC, 0, 'latin1');
  head.writeUInt32LE(FORMAT, 4);
  head.writeUInt32LE(header.length, 8);
  header.copy(head, 12);
  const pieces: Uint8Array[] = [head];
  for (const p of placed) {
    const section = sections[p.name]!;
    pieces.push(section);
    const gap = padded(section.byteLength) - section.byteLength;
    if (gap > 0) pieces.push(new Uint8Array(gap));
  }
  return pieces;
}

/** The meta and sections of a packed snapshot (views into `bytes`), or undefined if it is not one. */
export function unpackSnapshot(
  bytes: Buffer,
): { meta: unknown; sections: Map<string, Uint8Array> } | undefined {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== MAGIC || bytes.readUInt32LE(4) !== FORMAT)
    return undefined;
  const length = bytes.readUInt32LE(8);
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 12, 12 + length)) as Header;
  } catch {
    return undefined;
  }
  const start = padded(12 + length);
  const sections = new Map<string, Uint8Array>();
  for (const s of header.sections) {
    if (start + s.offset + s.length > bytes.length) return undefined;
    sections.set(s.name, new Uint8Array(bytes.buffer, bytes.byteOffset + start + s.offset, s.length));
  }
  return { meta: header.meta, sections };
}

/** The bytes of a typed array (a view, not a copy). */
export const bytesOf = (a: ArrayBufferView): Uint8Array =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
