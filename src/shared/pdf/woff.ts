import { inflateSync } from 'node:zlib';

/**
 * A WOFF 1.0 font (W3C Recommendation, 2012) as the SFNT (TrueType/OpenType) file it wraps: its header's
 * flavour, then each table decompressed with zlib (a table stored as is when its compressed length equals
 * its original length), every table 4-byte aligned. PDF writers parse SFNT at once; unwrapping a WOFF in
 * JavaScript on every document costs a hundred times more than doing it here once with native zlib.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file (no wOFF signature)');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('a WOFF table does not inflate to its stated length');
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data };
  });
  // The SFNT offset table: its search fields from the largest power of two not above the table count.
  const power = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(numTables * 16 - power * 16, 10);
  const padded = (n: number) => (n + 3) & ~3;
  let offset = header.length;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    header.writeUInt32BE(t.tag, at);
    header.writeUInt32BE(t.checksum, at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(t.data.length, at + 12);
    offset += padded(t.data.length);
  });
  return Buffer.concat([
    header,
    ...tables.map((t) => Buffer.concat([t.data, Buffer.alloc(padded(t.data.length) - t.data.length)])),
  ]);
}
