import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { drawPaper } from './draw-paper.ts';
import { Paper } from './paper.ts';
import { createPressPool } from './press-pool.ts';

/** A paper with every kind of writing, in several scripts. */
const paper = () =>
  new Paper({
    title: 'E-ticket 125-1234567890',
    author: 'British Airways',
    language: 'en',
    date: new Date(0),
  })
    .heading('E-ticket 125-1234567890')
    .pair('Passenger', 'Zoë Łukasiewicz')
    .section('Κράτηση')
    .line('Иван Петров')
    .gap()
    .table(
      [200, 100],
      [
        ['Flight', 'Fare'],
        ['BA 117 LHR–JFK', '£412.00'],
      ],
    )
    .done();

describe('the press', () => {
  const pool = createPressPool();
  after(() => pool.close());

  it('draws the same paper to the same bytes', async () => {
    assert.deepEqual(await drawPaper(paper()), await drawPaper(paper()));
  });

  it('draws here until its thread is started, then in the thread, byte for byte as here', async () => {
    const here = await pool.press(paper());
    assert.equal(pool.stats().drawn, 0, 'drawn here before the thread was started');
    pool.start();
    assert.equal(await pool.ready(), true);
    const there = await pool.press(paper());
    assert.equal(pool.stats().drawn, 1, 'drawn by the thread');
    assert.deepEqual(Buffer.from(there), Buffer.from(here));
    assert.equal(Buffer.from(there).subarray(0, 5).toString(), '%PDF-');
  });

  it('keeps a paper asked for while the thread starts for the thread, not the asking thread', async () => {
    const starting = createPressPool();
    try {
      starting.start();
      const pdf = await starting.press(paper());
      assert.equal(starting.stats().drawn, 1, 'drawn by the thread once it was ready');
      assert.deepEqual(Buffer.from(pdf), await drawPaper(paper()));
    } finally {
      await starting.close();
    }
  });

  it('draws papers asked for at once, each its own', async () => {
    const papers = ['Ada', 'Bob', 'Cleo'].map((name) =>
      new Paper({ title: name, author: 'Itinera', language: 'en', date: new Date(0) }).line(name).done(),
    );
    const drawn = await Promise.all(papers.map((p) => pool.press(p)));
    const local = await Promise.all(papers.map((p) => drawPaper(p)));
    assert.deepEqual(
      drawn.map((d) => Buffer.from(d)),
      local,
    );
  });
});
