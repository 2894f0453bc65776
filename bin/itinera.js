#!/usr/bin/env node
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `itinera needs Node.js 24 (this is ${process.version}). Run it through npm so the pinned Node is used: npx itinera …\n`,
  );
  process.exit(1);
}
await import('../src/cli/main.ts');
