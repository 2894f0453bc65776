import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { PaperDocument } from './paper.ts';
import { sfntOfWoff } from './woff.ts';

/**
 * The writing subsets of Noto Sans (@fontsource/noto-sans), each a font file and the code points it
 * has, in the order a character is looked up: Latin first, then Latin Extended, Greek, Cyrillic and
 * Vietnamese, so names in any of those scripts print as written.
 */
const SUBSETS = ['latin', 'latin-ext', 'greek', 'cyrillic', 'cyrillic-ext', 'vietnamese'] as const;
type Subset = (typeof SUBSETS)[number];

const resolveFile = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

const RANGES: ReadonlyArray<{ subset: Subset; ranges: Array<[number, number]> }> = (() => {
  const table = JSON.parse(readFileSync(resolveFile('@fontsource/noto-sans/unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  return SUBSETS.map((subset) => ({
    subset,
    ranges: table[subset]!.split(',').map((part) => {
      const [from, to = from] = part.replace(/U\+/g, '').split('-') as [string, string?];
      return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as [number, number];
    }),
  }));
})();

/**
 * Each subset's font, read, unwrapped and parsed once per process and shared by every document (each
 * embeds its own subset of the glyphs it uses): parsing a font for every document would cost more than
 * writing the document.
 */
const FONTS = new Map<string, fontkit.Font>();
function fontOf(subset: Subset, weight: 400 | 700): fontkit.Font {
  const name = `${subset}-${weight}`;
  let font = FONTS.get(name);
  if (!font) {
    const woff = readFileSync(resolveFile(`@fontsource/noto-sans/files/noto-sans-${name}-normal.woff`));
    font = fontkit.create(sfntOfWoff(woff)) as fontkit.Font;
    FONTS.set(name, font);
  }
  return font;
}

/** The subset that has a character; Latin (which prints a replacement) for one none has. */
function subsetOf(codePoint: number): Subset {
  for (const { subset, ranges } of RANGES)
    if (ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) return subset;
  return 'latin';
}

/** A text cut into runs, each in the one subset that prints it. */
export function runsOf(text: string): Array<{ subset: Subset; text: string }> {
  const runs: Array<{ subset: Subset; text: string }> = [];
  for (const ch of text) {
    const subset = subsetOf(ch.codePointAt(0)!);
    const last = runs.at(-1);
    if (last && (last.subset === subset || /\s/.test(ch))) last.text += ch;
    else runs.push({ subset, text: ch });
  }
  return runs;
}

/**
 * Draws a paper (`paper.ts`) as a PDF on A4: headings, lines of text, label–value pairs and simple
 * tables, in Noto Sans whatever the script of a name. Dated with the document's own date, so the same
 * paper draws to the same bytes. The work of a document (laying text out in its fonts, compressing) is
 * tens of milliseconds: a server does it in a thread of its own (`press-pool.ts`).
 */
export function drawPaper(paper: PaperDocument): Promise<Buffer> {
  const { meta } = paper;
  const date = new Date(meta.date);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: meta.language,
    info: { Title: meta.title, Author: meta.author, CreationDate: date, ModDate: date },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  /** The fonts this document has embedded so far: only those its text needs. */
  const registered = new Set<string>();

  /** Writes a text at a size and weight, switching subsets within it as its characters need. */
  const write = (text: string, size: number, weight: 400 | 700, options: PDFKit.Mixins.TextOptions = {}) => {
    const runs = runsOf(text.length > 0 ? text : ' ');
    doc.fontSize(size);
    runs.forEach((run, i) => {
      const font = `${run.subset}-${weight}`;
      if (!registered.has(font)) {
        // pdfkit takes a parsed fontkit font as well as its bytes; its type declarations name only the bytes.
        doc.registerFont(font, fontOf(run.subset, weight) as unknown as Buffer);
        registered.add(font);
      }
      doc.font(font).text(run.text, { ...options, continued: i < runs.length - 1 });
    });
  };

  for (const op of paper.ops) {
    switch (op.kind) {
      case 'heading':
        write(op.text, 18, 700);
        doc.moveDown(0.5);
        break;
      case 'section':
        doc.moveDown(0.6);
        write(op.text, 12, 700);
        doc.moveDown(0.2);
        break;
      case 'line':
        write(op.text, 10, 400);
        break;
      case 'table': {
        const left = doc.page.margins.left;
        op.rows.forEach((cells, r) => {
          const top = doc.y;
          let bottom = top;
          let x = left;
          cells.forEach((cell, c) => {
            doc.x = x;
            doc.y = top;
            write(cell, 9, r === 0 ? 700 : 400, { width: op.widths[c]! - 6 });
            bottom = Math.max(bottom, doc.y);
            x += op.widths[c]!;
          });
          doc.x = left;
          doc.y = bottom + 2;
        });
        break;
      }
      case 'gap':
        doc.moveDown(0.6);
        break;
    }
  }
  doc.end();
  return done;
}
