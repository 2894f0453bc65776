/**
 * Builds the website (packages/web) with Vite when its sources changed since the last build: run by
 * `npm install` (postinstall) and before `npm start`, so the Quick start stays two commands. A stamp of
 * the sources' contents sits next to the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.sources-hash');

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : [full];
    });
}

export function sourcesHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    ...files(path.join(web, 'src')),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    ...files(path.join(root, 'packages/client/src')),
    // The site's words are the server's catalogue (src/shared/messages): a changed message is a changed site.
    ...files(path.join(root, 'src/shared/messages')),
  ];
  for (const file of inputs) hash.update(path.relative(root, file)).update(readFileSync(file));
  return hash.digest('hex');
}

export async function buildWebIfStale(): Promise<boolean> {
  const hash = sourcesHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return false;
  const { build } = await import('vite');
  await build({ root: web, logLevel: 'warn', configFile: path.join(web, 'vite.config.ts') });
  writeFileSync(stampFile, hash);
  return true;
}

if (import.meta.main) {
  const built = await buildWebIfStale();
  process.stdout.write(built ? 'Website built into packages/web/dist\n' : 'Website up to date\n');
}
