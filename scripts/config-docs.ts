/**
 * Writes the settings tables of docs/configuration.md from the settings schema (src/config/settings.ts),
 * between its `<!-- settings -->` and `<!-- /settings -->` lines. A test fails while the two differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { settingsDoc } from '../src/config/settings.ts';

const file = path.resolve(import.meta.dirname, '../docs/configuration.md');
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf('<!-- settings -->\n');
const end = doc.indexOf('<!-- /settings -->');
if (start < 0 || end < start) throw new Error(`${file} has no <!-- settings --> … <!-- /settings --> block`);
writeFileSync(file, `${doc.slice(0, start)}<!-- settings -->\n${settingsDoc()}\n${doc.slice(end)}`);
process.stdout.write(`wrote the settings into ${path.relative(process.cwd(), file)}\n`);
