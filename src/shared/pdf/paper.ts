import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
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
 * A document written top to bottom on A4: headings, lines of text, label–value pairs and simple tables,
 * in Noto Sans whatever the script of a name. Dated with the document's own date, so the same document
 * renders to the same bytes.
 */
export class Paper {
  readonly #doc: PDFKit.PDFDocument;
  readonly #done: Promise<Buffer>;
  /** The fonts this document has embedded so far: only those its text needs. */
  readonly #registered = new Set<string>();

  constructor(meta: { title: string; author: string; language: string; date: Date }) {
    this.#doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      lang: meta.language,
      info: { Title: meta.title, Author: meta.author, CreationDate: meta.date, ModDate: meta.date },
    });
    const chunks: Buffer[] = [];
    this.#doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.#done = new Promise((resolve, reject) => {
      this.#doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.#doc.on('error', reject);
    });
  }

  /** Writes a text at a size and weight, switching subsets within it as its characters need. */
  #write(text: string, size: number, weight: 400 | 700, options: PDFKit.Mixins.TextOptions = {}) {
    const runs = runsOf(text.length > 0 ? text : ' ');
    this.#doc.fontSize(size);
    runs.forEach((run, i) => {
      const font = `${run.subset}-${weight}`;
      if (!this.#registered.has(font)) {
        // pdfkit takes a parsed fontkit font as well as its bytes; its type declarations name only the bytes.
        this.#doc.registerFont(font, fontOf(run.subset, weight) as unknown as Buffer);
        this.#registered.add(font);
      }
      this.#doc.font(font).text(run.text, { ...options, continued: i < runs.length - 1 });
    });
  }

  heading(text: string): this {
    this.#write(text, 18, 700);
    this.#doc.moveDown(0.5);
    return this;
  }

  section(text: string): this {
    this.#doc.moveDown(0.6);
    this.#write(text, 12, 700);
    this.#doc.moveDown(0.2);
    return this;
  }

  line(text: string): this {
    this.#write(text, 10, 400);
    return this;
  }

  /** A label and its value on one line. */
  pair(label: string, value: string): this {
    this.#write(`${label}: ${value}`, 10, 400);
    return this;
  }

  /** Rows of cells in columns of the widths given (points), the first row in bold. */
  table(widths: readonly number[], rows: ReadonlyArray<readonly string[]>): this {
    const left = this.#doc.page.margins.left;
    rows.forEach((cells, r) => {
      const top = this.#doc.y;
      let bottom = top;
      let x = left;
      cells.forEach((cell, c) => {
        this.#doc.x = x;
        this.#doc.y = top;
        this.#write(cell, 9, r === 0 ? 700 : 400, { width: widths[c]! - 6 });
        bottom = Math.max(bottom, this.#doc.y);
        x += widths[c]!;
      });
      this.#doc.x = left;
      this.#doc.y = bottom + 2;
    });
    return this;
  }

  gap(): this {
    this.#doc.moveDown(0.6);
    return this;
  }

  /** The finished PDF. */
  async bytes(): Promise<Buffer> {
    this.#doc.end();
    return this.#done;
  }
}
