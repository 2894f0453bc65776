/**
 * A load sent from a process of its own: distinct hotel city stays (`distinct-questions.ts`, seeded), for
 * as long and over as many connections as asked, the result printed as one JSON line. The latency
 * probes of a liveness scenario run in the benchmark's process meanwhile: were the load sent from there
 * too, a probe's answer would wait behind the load's in that process's event loop, and its latency would
 * be the load generator's rather than the server's.
 */
import autocannon from 'autocannon';
import { hotelCityStays } from './distinct-questions.ts';
import { type ApartLoad, distinctRequests } from './harness.ts';
import { dayFrom } from './prepared-data.ts';

const load = JSON.parse(process.argv[2]!) as ApartLoad;
const result = await autocannon({
  duration: load.duration,
  connections: load.connections,
  ...distinctRequests(load.url, load.headers, hotelCityStays(dayFrom(load.start), load.cities, load.seed)),
});
process.stdout.write(`${JSON.stringify(result)}\n`);
