/**
 * A press thread (`press-pool.ts`): draws the papers it is given as PDF. It reads nothing but its fonts,
 * parsed once at its first paper and kept.
 */
import { drawPaper } from './draw-paper.ts';
import type { PaperDocument } from './paper.ts';

export default async function draw(paper: PaperDocument): Promise<Uint8Array> {
  const pdf = await drawPaper(paper);
  // A copy of its own (the press's chunks may share a pooled buffer), moved to the asking thread.
  return new Uint8Array(pdf);
}
