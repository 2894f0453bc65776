import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { open } from './serve.ts';

/** Where the document says the API is: the address `npm start` serves by default. */
const DOCUMENT_URL = 'http://localhost:8080';

/**
 * The OpenAPI document, built from the route schemas by an app on a throwaway embedded database, so it
 * is the same whatever the configured storage holds: what the typed client is generated from.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-openapi-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: DOCUMENT_URL,
    INDEX_SNAPSHOT_DIR: 'off',
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNTS: 'never',
  });
  const opened = await open(config, true);
  try {
    await opened.app.ready();
    return opened.app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await opened.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `itinera openapi [--out FILE]`: the document as JSON, on standard output or in a file. */
export async function openapiCommand(args: string[]): Promise<void> {
  const at = args.indexOf('--out');
  const text = `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
  if (at >= 0 && args[at + 1]) writeFileSync(args[at + 1] as string, text);
  else process.stdout.write(text);
}
