import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Package data, read once; the require cache is emptied so the raw arrays can be collected. */
export function loadPackage<T>(name: string): T {
  const resolved = require.resolve(name);
  const data = require(resolved) as T;
  delete require.cache[resolved];
  return data;
}
