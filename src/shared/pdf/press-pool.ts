import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { drawPaper } from './draw-paper.ts';
import type { PaperDocument, Press } from './paper.ts';

const THREAD_FILE = fileURLToPath(new URL('./press-thread.ts', import.meta.url));

/** As the search threads: the serving thread gets a core at once however many documents are drawn. */
const NICENESS = 10;

/** A paper to draw at start: the thread parses its Latin fonts then, not at a traveller's first booking. */
const FIRST_PAPER: PaperDocument = {
  meta: { title: 'Itinera', author: 'Itinera', language: 'en', date: '2026-01-01T00:00:00.000Z' },
  ops: [
    { kind: 'heading', text: 'Itinera' },
    { kind: 'line', text: 'Itinera' },
  ],
};

/**
 * A server's press: documents (tickets, vouchers, invoices, a mail's attachments) drawn in one thread of
 * their own (piscina), so that a document's tens of milliseconds of layout and compression never hold
 * up a booking, a search or a health check on the serving thread. Once started (`start`), papers wait
 * for the thread to be ready (it draws a first paper of its own); before that, after `close`, and for good
 * if the thread cannot start, they are drawn here.
 */
export function createPressPool(options: { onFailure?: (error: unknown) => void } = {}) {
  let pool: Piscina<PaperDocument, Uint8Array> | undefined;
  let ready = false;
  let drawn = 0;
  let started: Promise<void> = Promise.resolve();

  /** Starts the thread; it takes papers once it has drawn a first one of its own. */
  function start(): void {
    if (pool) return;
    const starting = new Piscina<PaperDocument, Uint8Array>({
      filename: THREAD_FILE,
      minThreads: 1,
      maxThreads: 1,
      idleTimeout: Number.POSITIVE_INFINITY,
      // Each document draws start to end without waiting: one at a time, the rest in the pool's queue.
      concurrentTasksPerWorker: 1,
      atomics: 'disabled',
      niceIncrement: NICENESS,
    });
    pool = starting;
    started = starting
      .run(FIRST_PAPER)
      .then(() => {
        ready = true;
      })
      .catch(async (error) => {
        // A thread that cannot start would be started again and again: papers are drawn here instead.
        options.onFailure?.(error);
        await starting.destroy();
      });
  }

  const press: Press = async (paper) => {
    if (pool) {
      // Once started, a paper waits for the thread rather than taking the serving thread meanwhile.
      await started;
      if (ready) {
        const pdf = await pool.run(paper);
        drawn++;
        return pdf;
      }
    }
    return drawPaper(paper);
  };
  return {
    press,
    start,
    /** Resolves once the thread draws (true), or could not start (false: papers are drawn here). */
    ready: () => started.then(() => ready),
    stats: () => ({ ready, drawn }),
    close: async () => {
      ready = false;
      await pool?.destroy();
    },
  };
}

export type PressPool = ReturnType<typeof createPressPool>;
