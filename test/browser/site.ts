/**
 * What the browser journeys stand on: the server as `npm start` runs it (embedded database, demo data) on
 * a free port and a fresh data folder, Debian's Chromium driven by playwright-core, the typed client for
 * what a test sets up behind the page, and screenshots kept under test-results/screenshots.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createItineraClient, type ItineraClient, passwordGrant } from '@itinera/client';
import { simpleParser } from 'mailparser';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { freePort } from '../helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = path.join(root, 'test-results/screenshots');

/** The flags a root user needs for headless Chromium on a machine without outside network. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Credentials {
  client_id: string;
  customer: { username: string; password: string };
  agent: { username: string; password: string };
  admin: { username: string; password: string };
}

export interface Site {
  url: string;
  /** The server's data folder (its outbox of mails as `.eml` files, without SMTP_URL). */
  dataDir: string;
  credentials: Credentials;
  admin: ItineraClient;
  browser: Browser;
  close(): Promise<void>;
}

function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Itinera is serving on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is not at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'itinera-site-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['src/cli/main.ts', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The server shares two cores with Chromium and another file's server here: a second-long stall
      // would shed the journey's own requests with 503. Load shedding is tested on its own
      // (src/http/load-shedding.route.test.ts).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await listening(server);
  const credentials = JSON.parse(
    readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8'),
  ) as Credentials;
  const admin = createItineraClient({
    baseUrl: url,
    auth: passwordGrant({ baseUrl: url, clientId: credentials.client_id, ...credentials.admin }),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  mkdirSync(SCREENSHOTS, { recursive: true });
  return {
    url,
    dataDir,
    credentials,
    admin,
    browser,
    async close() {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * How long a step waits for what it expects. These journeys find what is broken, not what is slow
 * (speed is measured under bench/): a page that never shows the thing fails after this, and a busy
 * machine (two servers starting their search threads beside two browsers on two cores) does not.
 */
export const STEP_TIMEOUT_MS = 120_000;

/** A new browser context (its own cookies) whose steps wait up to STEP_TIMEOUT_MS. */
export async function newContext(site: Site, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await site.browser.newContext(options);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
  return context;
}

/** A new browser context (its own cookies) signed in through the page's form. */
export async function signedIn(site: Site, who: 'customer' | 'agent' | 'admin', start = '/'): Promise<Page> {
  const context = await newContext(site, { locale: 'en-GB', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(`${site.url}${start}`);
  await page
    .getByLabel('Username')
    .waitFor()
    .catch(async (error: unknown) => {
      await screenshot(page, `failed-sign-in-${Date.now()}`);
      throw new Error(`no sign-in form at ${page.url()}: ${await page.locator('body').innerText()}`, {
        cause: error,
      });
    });
  await page.getByLabel('Username').fill(site.credentials[who].username);
  await page.getByLabel('Password').fill(site.credentials[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /Sign out/ }).waitFor();
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** Chooses the first suggestion the place box offers for `text`. */
export async function choosePlace(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await page.getByRole('listbox', { name: label }).getByRole('option').first().waitFor();
  await box.press('Enter');
}

/** The link of the last mail the outbox wrote to `email` (its code after '#'), waiting a while for it. */
export async function mailedLink(site: Site, email: string): Promise<string | undefined> {
  const outbox = path.join(site.dataDir, 'outbox');
  for (let i = 0; i < 600; i++) {
    for (const file of existsSync(outbox) ? readdirSync(outbox) : []) {
      const mail = await simpleParser(readFileSync(path.join(outbox, file)));
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      const link = /(http\S+\/reset-password#token=[A-Za-z0-9_-]+(?:&invite=1)?)/.exec(mail.text ?? '')?.[1];
      if (to === email && link) return link;
    }
    await sleep(100);
  }
  return undefined;
}
