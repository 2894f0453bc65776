import Type, { type StaticDecode, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { describe } from './setting-types.ts';
import { ACCOUNTS, DEMO, PRIVACY, RATE_LIMITS } from './settings-accounts.ts';
import { DELIVERIES, JOBS, SELLER } from './settings-business.ts';
import { LOAD, SERVING, STORAGE } from './settings-serving.ts';

/** The settings in the order the documentation lists them, under its headings. */
export const SETTING_GROUPS = [
  SERVING,
  STORAGE,
  LOAD,
  ACCOUNTS,
  RATE_LIMITS,
  PRIVACY,
  DELIVERIES,
  SELLER,
  JOBS,
  DEMO,
];

/**
 * Every environment variable the service reads, as one TypeBox schema: its text, default, check and
 * meaning. The values the service works with are this schema's decoded type; docs/configuration.md is
 * made from it (`npm run docs:config`).
 */
export const SETTINGS = Type.Object({
  ...SERVING.settings,
  ...STORAGE.settings,
  ...LOAD.settings,
  ...ACCOUNTS.settings,
  ...RATE_LIMITS.settings,
  ...PRIVACY.settings,
  ...DELIVERIES.settings,
  ...SELLER.settings,
  ...JOBS.settings,
  ...DEMO.settings,
});

export type Settings = StaticDecode<typeof SETTINGS>;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The settings from the environment: each variable's text trimmed (empty is unset), defaults filled in,
 * checked, decoded. Every bad variable is one problem naming it (and its value, unless a secret).
 */
export function readSettings(
  env: Env,
): { settings: Settings; problems: [] } | { settings: undefined; problems: string[] } {
  const properties = SETTINGS.properties as Record<string, TSchema>;
  const given: Record<string, string> = {};
  for (const name of Object.keys(properties)) {
    const value = env[name]?.trim();
    if (value) given[name] = value;
  }
  const filled = Value.Default(SETTINGS, given);
  const problems = new Map<string, string>();
  for (const error of Value.Errors(SETTINGS, filled)) {
    const name = error.instancePath.slice(1);
    const shown = describe(properties[name]!).secret ? name : `${name}=${JSON.stringify(given[name])}`;
    if (!problems.has(name)) problems.set(name, `${shown} ${error.message}`);
  }
  if (problems.size > 0) return { settings: undefined, problems: [...problems.values()] };
  return { settings: Value.Decode(SETTINGS, filled), problems: [] };
}

/** The documentation's tables of settings, made from the schema. */
export function settingsDoc(): string {
  const properties = SETTINGS.properties as Record<string, TSchema>;
  return SETTING_GROUPS.map((group) => {
    const rows = Object.keys(group.settings).map((name) => {
      const { description, shown } = describe(properties[name]!);
      return `| \`${name}\` | ${shown === undefined ? 'unset' : `\`${shown}\``} | ${description} |`;
    });
    return [
      `## ${group.title}`,
      '',
      group.about,
      '',
      '| variable | default | meaning |',
      '|---|---|---|',
      ...rows,
    ].join('\n');
  }).join('\n\n');
}
