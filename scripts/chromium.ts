/**
 * The browser the browser journeys drive: Debian's Chromium (playwright-core downloads none of its own).
 * On a machine without it, the test runner installs it as CI does (as root, through apt-get) and says so;
 * where it cannot, it says in one line what to install, before any test runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type ChromiumCheck = { ready: true; installed: boolean } | { ready: false; problem: string };

/** What the machine offers to install a package: apt-get as root, or nothing. */
export interface Installer {
  root: boolean;
  aptGet: boolean;
  /** Runs a command with its output shown; its exit code. */
  run(command: string, args: string[]): number;
}

export const machineInstaller: Installer = {
  root: process.getuid?.() === 0,
  aptGet: existsSync('/usr/bin/apt-get'),
  run(command, args) {
    const done = spawnSync(command, args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return done.status ?? 1;
  },
};

const INSTALL_HINT = 'install Debian’s chromium (apt-get install -y chromium) or set CHROMIUM_PATH';

/** Chromium at `path`, installed first when it is missing and this machine allows. */
export function ensureChromium(
  path: string = CHROMIUM,
  installer: Installer = machineInstaller,
  exists: (p: string) => boolean = existsSync,
): ChromiumCheck {
  if (exists(path)) return { ready: true, installed: false };
  if (path !== '/usr/bin/chromium')
    return { ready: false, problem: `CHROMIUM_PATH=${path} is not a file: ${INSTALL_HINT}` };
  if (!installer.aptGet) return { ready: false, problem: `no Chromium and no apt-get here: ${INSTALL_HINT}` };
  if (!installer.root)
    return { ready: false, problem: `no Chromium, and installing it needs root: ${INSTALL_HINT}` };
  process.stdout.write('Chromium is missing; installing Debian’s package (apt-get install -y chromium)\n');
  if (
    installer.run('apt-get', ['update', '-q']) !== 0 ||
    installer.run('apt-get', ['install', '-y', '-q', 'chromium']) !== 0
  )
    return { ready: false, problem: `apt-get could not install chromium: ${INSTALL_HINT}` };
  if (!exists(path)) return { ready: false, problem: `apt-get installed chromium, but not at ${path}` };
  return { ready: true, installed: true };
}
