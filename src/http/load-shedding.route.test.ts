import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { freshCredentials, postToken, signIn } from '../../test/helpers/factories.ts';
import { searchBody, seedFlights } from '../../test/helpers/flights.ts';
import { buildTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import type { SearchGate } from './search-gate.ts';

/** The app's own search gate, to see what is running in it. */
let appGate: SearchGate | undefined;
/** The next search to reach the gate is held in it until `release` is called (one search only). */
let held: { promise: Promise<void>; release: () => void; taken?: boolean } | undefined;
const hold = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  held = { promise, release };
  return held;
};

describe('load shedding', () => {
  let t: TestApp;
  let token: Awaited<ReturnType<typeof signIn>>;
  let pressed: TestApp;
  before(async () => {
    t = await buildTestApp({
      env: { SEARCHES_PER_CLIENT: '1' },
      // While `held` is set, a search waits inside the gate (counted against its account) until released.
      wrapSearchGate: (gate) => {
        appGate = gate;
        return {
          ...gate,
          run: (client, search) =>
            gate.run(client, async () => {
              if (held && !held.taken) {
                held.taken = true;
                await held.promise;
              }
              return search();
            }),
        };
      },
    });
    await seedFlights(t);
    token = await signIn(t);
    // The heap check with a limit of one byte: the process is under pressure from its first sample.
    pressed = await buildTestApp({
      env: { MAX_HEAP_USED_BYTES: '1', MAX_EVENT_LOOP_DELAY_MS: '0', LOAD_SAMPLE_INTERVAL_MS: '10' },
    });
    await pressed.app.ready();
  });
  after(async () => {
    await t.close();
    await pressed.close();
  });

  it('answers an account’s searches beyond its cap with 429 problem details and Retry-After', async () => {
    const search = () =>
      t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: token.auth,
        payload: searchBody(t, [['LHR', 'JFK', 10]], { max_connections: 2 }),
      });
    const gate = hold();
    const first = search();
    // The first is in the gate, held there: each of the next three meets the account's cap of one.
    for (let i = 0; i < 100_000 && appGate!.load().running === 0; i++)
      await new Promise((r) => setImmediate(r));
    assert.equal(appGate!.load().running, 1, 'the first search is in the gate');
    const refused = await Promise.all([search(), search(), search()]);
    gate.release();
    held = undefined;
    assert.equal((await first).statusCode, 200, 'the first is served');
    for (const res of refused) {
      assert.equal(res.statusCode, 429);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(res.json().code, 'RATE_LIMITED');
      assert.equal(res.headers['retry-after'], '1');
    }
  });

  it('keeps one account’s flood of new questions to that account: its excess 429, others all served', async () => {
    const flooder = await signIn(t, 'agent');
    const other = await signIn(t, 'agent');
    const search = (auth: Record<string, string>, days: number) =>
      t.app.inject({
        method: 'POST',
        url: '/search_flight',
        headers: auth,
        payload: searchBody(t, [['LHR', 'JFK', days]], { max_connections: 2 }),
      });
    // One account keeps eight new questions going while another asks ten, one by one; the flooder's first
    // is held in the gate meanwhile, so its account is at its cap the whole time (whatever a search takes).
    const gate = hold();
    let othersDone = false;
    const flooded: number[] = [];
    let asked = 0;
    const flooding = Array.from({ length: 8 }, async () => {
      while (!othersDone) {
        flooded.push((await search(flooder.auth, 5 + (asked++ % 50))).statusCode);
        await new Promise((r) => setTimeout(r, 1));
      }
    });
    for (let i = 0; i < 100_000 && !gate.taken; i++) await new Promise((r) => setImmediate(r));
    assert.ok(gate.taken, 'a flooder’s search is held in the gate');
    const others: number[] = [];
    for (let i = 0; i < 10; i++) others.push((await search(other.auth, 40 + i)).statusCode);
    othersDone = true;
    gate.release();
    held = undefined;
    await Promise.all(flooding);
    assert.deepEqual(others, Array(10).fill(200));
    const count = (status: number) => flooded.filter((s) => s === status).length;
    assert.ok(count(200) >= 1, 'the flooding account is served too');
    assert.ok(count(429) > 0, 'its searches beyond its cap are its own refusals');
    assert.equal(count(200) + count(429), flooded.length, flooded.join(','));
  });

  it('while under pressure, answers 503 OVERLOADED with Retry-After to all but liveness', async () => {
    let res = await pressed.app.inject({ method: 'GET', url: '/b2c/countries' });
    for (let i = 0; i < 500 && res.statusCode !== 503; i++) {
      await sleep(10); // the first samples after start-up are not judged
      res = await pressed.app.inject({ method: 'GET', url: '/b2c/countries' });
    }
    assert.equal(res.statusCode, 503);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.json().code, 'OVERLOADED');
    assert.ok(Number(res.headers['retry-after']) > 0);
    assert.equal((await pressed.app.inject({ method: 'GET', url: '/health/live' })).statusCode, 200);
    const asset = await pressed.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    assert.notEqual(asset.statusCode, 503, 'a page already open still gets its scripts');
    const ready = await pressed.app.inject({ method: 'GET', url: '/health/ready' });
    assert.equal(ready.statusCode, 503, 'a balancer stops sending to a process under pressure');
    const { fields } = await freshCredentials(pressed);
    const tokenAnswer = await postToken(pressed, fields);
    assert.equal(tokenAnswer.statusCode, 503);
    assert.equal(tokenAnswer.json().error, 'temporarily_unavailable', 'the token endpoint speaks RFC 6749');
  });

  it('sheds while the event loop is held, saying by how long (never "Infinity"), and serves again after', async () => {
    const held = await buildTestApp({
      env: { MAX_EVENT_LOOP_DELAY_MS: '30', LOAD_SAMPLE_INTERVAL_MS: '20' },
    });
    try {
      await held.app.ready();
      await sleep(60); // past the samples of start-up, which are not judged
      let shed: Awaited<ReturnType<typeof held.app.inject>> | undefined;
      for (let i = 0; i < 50 && !shed; i++) {
        const until = performance.now() + 100;
        while (performance.now() < until); // the loop held longer than the sample interval
        // The health check, overdue, runs before this timer: the request is judged by the stall.
        await sleep(1);
        const res = await held.app.inject({ method: 'GET', url: '/health/ready' });
        if (res.statusCode === 503) shed = res;
      }
      assert.ok(shed, 'a request is shed while the loop is held');
      assert.equal(shed.json().code, 'OVERLOADED');
      assert.match(shed.json().detail, /eventLoopDelay \d+\)/);
      let served = 0;
      for (let i = 0; i < 100 && served !== 200; i++) {
        await sleep(30);
        served = (await held.app.inject({ method: 'GET', url: '/health/ready' })).statusCode;
      }
      assert.equal(served, 200, 'ready again once the loop runs freely');
    } finally {
      await held.close();
    }
  });
});
