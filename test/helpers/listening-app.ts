import net from 'node:net';
import { buildTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A test app on a real loopback port, its public URL (the token issuer) matching that port. */
export async function startTestServer(options: TestAppOptions = {}): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ ...options, env: { PUBLIC_URL: baseUrl, ...options.env } });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, baseUrl };
}
