/**
 * `npm run bench` (first part): the foundation's operations against one server process, each next to
 * a Fastify hello-world route served by the same process in the same run. Bounded: a fixed duration each.
 */
import path from 'node:path';
import { createRecorder, startServer } from './harness.ts';

interface Started {
  port: number;
  accessToken: string;
  clientId: string;
  username: string;
  usernames: string[];
  password: string;
  startupMs: number;
}

const server = await startServer<Started>(path.join(import.meta.dirname, 'server.ts'));
const { started } = server;
const base = `http://127.0.0.1:${started.port}`;
const bearer = { authorization: `Bearer ${started.accessToken}` };
const tokenBodies = started.usernames.map((username) =>
  new URLSearchParams({
    grant_type: 'password',
    client_id: started.clientId,
    username,
    password: started.password,
  }).toString(),
);
let nextSignIn = 0;

const recorder = createRecorder();
await recorder.measure('hello-world route', { url: `${base}/bench/hello` });
await recorder.measure('catalogue lookup GET /b2c/airports/LHR', {
  url: `${base}/b2c/airports/LHR`,
  headers: bearer,
});
await recorder.measure('autocomplete GET /b2c/places?q=lon', {
  url: `${base}/b2c/places?q=lon`,
  headers: bearer,
});
await recorder.measure('city list GET /b2c/cities?country=FR', {
  url: `${base}/b2c/cities?country=FR&limit=20`,
  headers: bearer,
});
await recorder.measure('token issuance POST /connect/token (argon2id)', {
  url: `${base}/connect/token`,
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  requests: [
    {
      setupRequest: (request) => ({ ...request, body: tokenBodies[nextSignIn++ % tokenBodies.length] }),
    },
  ],
});
const { rss } = await server.ask<{ rss: number }>({ kind: 'rss' });
await server.stop();
recorder.report(
  'latest.md',
  `Start-up to listening (catalogue load included): ${Math.round(started.startupMs)} ms. Resident memory after the run: ${Math.round(rss / 1048576)} MiB.`,
);
