import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ensureChromium, type Installer } from '../../scripts/chromium.ts';

/** A machine as the runner sees it: who runs, whether apt-get is there, and what installing puts where. */
function machine(options: { root: boolean; aptGet: boolean; failing?: string; installs?: boolean }) {
  const files = new Set<string>();
  const ran: string[] = [];
  const installer: Installer = {
    root: options.root,
    aptGet: options.aptGet,
    run(command, args) {
      const line = [command, ...args].join(' ');
      ran.push(line);
      if (options.failing && line.includes(options.failing)) return 100;
      if (args.includes('install') && options.installs !== false) files.add('/usr/bin/chromium');
      return 0;
    },
  };
  return { installer, ran, exists: (p: string) => files.has(p), files };
}

describe('Chromium for the browser journeys', () => {
  it('uses the one there, installing nothing', () => {
    const m = machine({ root: true, aptGet: true });
    m.files.add('/usr/bin/chromium');
    assert.deepEqual(ensureChromium('/usr/bin/chromium', m.installer, m.exists), {
      ready: true,
      installed: false,
    });
    assert.deepEqual(m.ran, []);
  });

  it('installs Debian’s package as root when it is missing, as CI does', () => {
    const m = machine({ root: true, aptGet: true });
    assert.deepEqual(ensureChromium('/usr/bin/chromium', m.installer, m.exists), {
      ready: true,
      installed: true,
    });
    assert.deepEqual(m.ran, ['apt-get update -q', 'apt-get install -y -q chromium']);
  });

  it('says what to install, running nothing, where it cannot install', () => {
    for (const [m, reason] of [
      [machine({ root: false, aptGet: true }), /needs root/],
      [machine({ root: true, aptGet: false }), /no apt-get/],
    ] as const) {
      const check = ensureChromium('/usr/bin/chromium', m.installer, m.exists);
      assert.equal(check.ready, false);
      assert.match(check.ready ? '' : check.problem, reason);
      assert.match(check.ready ? '' : check.problem, /apt-get install -y chromium/);
      assert.deepEqual(m.ran, []);
    }
  });

  it('reports a failed install, and an install that put no browser where it is looked for', () => {
    const failed = machine({ root: true, aptGet: true, failing: 'install' });
    const check = ensureChromium('/usr/bin/chromium', failed.installer, failed.exists);
    assert.equal(check.ready, false);
    assert.match(check.ready ? '' : check.problem, /could not install/);

    const elsewhere = machine({ root: true, aptGet: true, installs: false });
    const missing = ensureChromium('/usr/bin/chromium', elsewhere.installer, elsewhere.exists);
    assert.match(missing.ready ? '' : missing.problem, /not at \/usr\/bin\/chromium/);
  });

  it('installs nothing for a CHROMIUM_PATH that is not there, and names it', () => {
    const m = machine({ root: true, aptGet: true });
    const check = ensureChromium('/opt/chrome/chrome', m.installer, m.exists);
    assert.match(check.ready ? '' : check.problem, /CHROMIUM_PATH=\/opt\/chrome\/chrome/);
    assert.deepEqual(m.ran, []);
  });
});
