import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AccountsService } from './accounts-service.ts';

export const DEMO_CLIENT_ID = 'itinera-demo';

/** The demo accounts' user names: the customer, the agent and the admin. */
export const DEMO_USERNAMES = ['demo-customer', 'demo-agent', 'demo-admin'] as const;

export interface DemoCredentials {
  client_id: string;
  customer: { username: string; password: string };
  agent: { username: string; password: string; agency: string };
  admin: { username: string; password: string };
}

const password = () => randomBytes(15).toString('base64url');

/**
 * On the first start of an empty database: a public demo client and one account per role with
 * random passwords, written to `DATA_DIR/demo-credentials.json` (mode 0600). Returns undefined when
 * the database already has users.
 */
export async function createDemoAccounts(
  accounts: AccountsService,
  dataDir: string,
): Promise<DemoCredentials | undefined> {
  if ((await accounts.countUsers()) > 0) return undefined;
  const credentials: DemoCredentials = {
    client_id: DEMO_CLIENT_ID,
    customer: { username: DEMO_USERNAMES[0], password: password() },
    agent: { username: DEMO_USERNAMES[1], password: password(), agency: 'Demo Travel' },
    admin: { username: DEMO_USERNAMES[2], password: password() },
  };
  await accounts.createClient({ clientId: DEMO_CLIENT_ID, name: 'Itinera demo client', confidential: false });
  await accounts.createUser({ ...credentials.customer, role: 'customer' });
  await accounts.createUser({ ...credentials.agent, role: 'agent', agencyName: credentials.agent.agency });
  await accounts.createUser({ ...credentials.admin, role: 'admin' });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(demoCredentialsFile(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, {
    mode: 0o600,
  });
  return credentials;
}

export function demoCredentialsFile(dataDir: string): string {
  return path.join(dataDir, 'demo-credentials.json');
}

export function readDemoCredentials(dataDir: string): DemoCredentials | undefined {
  try {
    return JSON.parse(fs.readFileSync(demoCredentialsFile(dataDir), 'utf8')) as DemoCredentials;
  } catch {
    return undefined;
  }
}
