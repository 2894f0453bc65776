/**
 * A document as what is written on it, top to bottom: headings, lines of text, label–value pairs and
 * simple tables. Products describe their tickets, vouchers and invoices this way, as plain data, in
 * microseconds; drawing one as a PDF (`draw-paper.ts`) is the slow part, done wherever the press is.
 */

/** What is written, in order. */
export type PaperOp =
  | { kind: 'heading' | 'section' | 'line'; text: string }
  | { kind: 'table'; widths: number[]; rows: string[][] }
  | { kind: 'gap' };

/** A document described: its metadata (dated with its own date, ISO 8601) and what is written on it. */
export interface PaperDocument {
  meta: { title: string; author: string; language: string; date: string };
  ops: PaperOp[];
}

/** Draws a paper as a PDF: here, or in a thread of its own on a server (`press-pool.ts`). */
export type Press = (paper: PaperDocument) => Promise<Uint8Array>;

/** A document being described, written top to bottom. */
export class Paper {
  readonly #document: PaperDocument;

  constructor(meta: { title: string; author: string; language: string; date: Date }) {
    this.#document = { meta: { ...meta, date: meta.date.toISOString() }, ops: [] };
  }

  heading(text: string): this {
    this.#document.ops.push({ kind: 'heading', text });
    return this;
  }

  section(text: string): this {
    this.#document.ops.push({ kind: 'section', text });
    return this;
  }

  line(text: string): this {
    this.#document.ops.push({ kind: 'line', text });
    return this;
  }

  /** A label and its value on one line. */
  pair(label: string, value: string): this {
    return this.line(`${label}: ${value}`);
  }

  /** Rows of cells in columns of the widths given (points), the first row in bold. */
  table(widths: readonly number[], rows: ReadonlyArray<readonly string[]>): this {
    this.#document.ops.push({ kind: 'table', widths: [...widths], rows: rows.map((r) => [...r]) });
    return this;
  }

  gap(): this {
    this.#document.ops.push({ kind: 'gap' });
    return this;
  }

  /** The document as described so far. */
  done(): PaperDocument {
    return this.#document;
  }
}

/** Named papers drawn by a press, each keeping its name. */
export function drawEach(
  press: Press,
  papers: ReadonlyArray<{ filename: string; paper: PaperDocument }>,
): Promise<Array<{ filename: string; pdf: Uint8Array }>> {
  return Promise.all(papers.map(async (p) => ({ filename: p.filename, pdf: await press(p.paper) })));
}
