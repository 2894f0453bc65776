import { availableParallelism } from 'node:os';
import Type, { type TSchema } from 'typebox';
import { type DataKey, parseDataKeys } from '../shared/sealed-data.ts';

/**
 * The kinds of value a setting takes. Each is a TypeBox schema of the environment variable's text: its
 * `default` (as text), its `description` (the documentation's), a check whose message says what the
 * value must be, and a decoder to the value the service uses. `shown` documents a default worked out
 * from other settings; `secret` keeps a bad value out of the error message.
 */
interface About {
  description: string;
  /** The default as the documentation shows it, when it is not a plain value (`$DATA_DIR/indexes`). */
  shown?: string;
}

type Check = (text: string) => string | undefined;

function setting<T>(
  about: About & { default?: string },
  check: Check,
  decode: (text: string) => T,
  secret = false,
) {
  const text = Type.String({
    description: about.description,
    ...(about.default !== undefined ? { default: about.default } : {}),
    ...(about.shown !== undefined ? { 'x-shown-default': about.shown } : {}),
    ...(secret ? { 'x-secret': true } : {}),
  });
  return Type.Codec(
    Type.Refine(
      text,
      (value: string) => check(value) === undefined,
      (value: string) => check(value) ?? '',
    ),
  )
    .Decode(decode)
    .Encode(String);
}

const always: Check = () => undefined;
const isWhole = (text: string) => /^-?\d+$/.test(text);

export function text(about: About & { default: string }) {
  return setting(about, always, (v) => v);
}

export function optionalText(about: About) {
  return Type.Optional(setting(about, always, (v) => v));
}

export function int(min: number, max: number, about: About & { default: number }) {
  const check: Check = (v) =>
    isWhole(v) && Number(v) >= min && Number(v) <= max
      ? undefined
      : `must be a whole number from ${min} to ${max}`;
  return setting({ ...about, default: String(about.default) }, check, Number);
}

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

export function bool(about: About & { default: boolean }) {
  const check: Check = (v) =>
    TRUE.includes(v.toLowerCase()) || FALSE.includes(v.toLowerCase()) ? undefined : 'must be true or false';
  return setting({ ...about, default: String(about.default) }, check, (v) => TRUE.includes(v.toLowerCase()));
}

export function oneOf<const T extends string>(allowed: readonly T[], about: About & { default: T }) {
  const check: Check = (v) =>
    (allowed as readonly string[]).includes(v) ? undefined : `must be one of ${allowed.join(', ')}`;
  return setting(about, check, (v) => v as T);
}

const list = (v: string) => v.split(',').map((x) => x.trim());

/** Some of `allowed`, comma-separated; unset: none. */
export function someOf<const T extends string>(allowed: readonly T[], about: About) {
  const check: Check = (v) => {
    const bad = list(v).filter((x) => !(allowed as readonly string[]).includes(x));
    return bad.length === 0 ? undefined : `must name some of ${allowed.join(', ')}: not ${bad.join(', ')}`;
  };
  return Type.Optional(setting(about, check, (v) => list(v) as T[]));
}

/** A shared secret: unset, or at least 16 characters (a guessable token guards nothing). */
export function secret(about: About) {
  const check: Check = (v) => (v.length >= 16 ? undefined : 'must be at least 16 characters, or unset');
  return Type.Optional(setting(about, check, (v) => v, true));
}

/** Keys given as `id:base64` pairs (see sealed-data.ts); unset: none. */
export function dataKeys(about: About) {
  const check: Check = (v) => {
    const keys = parseDataKeys(v);
    return typeof keys === 'string' ? keys : undefined;
  };
  return Type.Optional(setting(about, check, (v) => parseDataKeys(v) as DataKey[], true));
}

/** A count of threads: `auto` for one per core, or a whole number from 0 to `max`. */
export function threads(max: number, about: About) {
  const check: Check = (v) =>
    v === 'auto' || (isWhole(v) && Number(v) >= 0 && Number(v) <= max)
      ? undefined
      : `must be auto or a whole number from 0 to ${max}`;
  return setting({ ...about, default: 'auto' }, check, (v) =>
    v === 'auto' ? availableParallelism() : Number(v),
  );
}

/** A count of processes: a whole number from 1 to `max`, or `auto` for one per core. */
export function processes(max: number, about: About & { default: number }) {
  const check: Check = (v) =>
    v === 'auto' || (isWhole(v) && Number(v) >= 1 && Number(v) <= max)
      ? undefined
      : `must be auto or a whole number from 1 to ${max}`;
  return setting({ ...about, default: String(about.default) }, check, (v) =>
    v === 'auto' ? availableParallelism() : Number(v),
  );
}

/** Comma-separated whole numbers, each from `min` to `max`. */
export function ints(min: number, max: number, about: About & { default: readonly number[] }) {
  const check: Check = (v) =>
    list(v).every((x) => isWhole(x) && Number(x) >= min && Number(x) <= max)
      ? undefined
      : `must be whole numbers from ${min} to ${max}, comma-separated`;
  return setting({ ...about, default: about.default.join(',') }, check, (v) => list(v).map(Number));
}

/** Comma-separated origins (`https://shop.example.com`): scheme, host and port, nothing more. */
export function origins(about: About) {
  const isOrigin = (origin: string) => {
    try {
      const parsed = new URL(origin);
      return ['http:', 'https:'].includes(parsed.protocol) && parsed.origin === origin;
    } catch {
      return false;
    }
  };
  const check: Check = (v) => {
    const bad = list(v).filter((o) => !isOrigin(o));
    return bad.length === 0
      ? undefined
      : `must be origins like https://shop.example.com, comma-separated: ${bad.join(', ')}`;
  };
  return Type.Optional(setting(about, check, list));
}

/** An IANA time zone (`Europe/Berlin`). */
export function timeZone(about: About & { default: string }) {
  const check: Check = (v) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: v });
      return undefined;
    } catch {
      return 'must be an IANA time zone like Europe/Berlin';
    }
  };
  return setting(about, check, (v) => v);
}

/** Comma-separated `CARRIER:CODE` pairs (`XY:123,ZZ:456`): an airline code and its three-digit accounting code. */
export function accountingCodes(about: About) {
  const pair = (p: string) => /^[A-Z0-9]{2}:\d{3}$/.test(p);
  const check: Check = (v) => {
    const bad = list(v).filter((p) => !pair(p));
    return bad.length === 0
      ? undefined
      : `must be CARRIER:CODE pairs like XY:123, comma-separated: ${bad.join(', ')}`;
  };
  return Type.Optional(
    setting(about, check, (v) => Object.fromEntries(list(v).map((p) => p.split(':') as [string, string]))),
  );
}

/** A lower-case SQL name (a PostgreSQL schema). */
export function sqlName(about: About) {
  const check: Check = (v) =>
    /^[a-z_][a-z0-9_]{0,62}$/.test(v) ? undefined : 'must be a lower-case SQL name (a-z, 0-9, _)';
  return Type.Optional(setting(about, check, (v) => v));
}

/** A URL with one of `protocols` (`postgres:`). */
export function url(protocols: readonly string[], about: About) {
  const check: Check = (v) => {
    try {
      if (protocols.includes(new URL(v).protocol)) return undefined;
    } catch {}
    return `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  };
  return Type.Optional(setting(about, check, (v) => v));
}

/** What the schema says of one setting, for the documentation. */
export function describe(schema: TSchema): {
  description: string;
  shown: string | undefined;
  secret: boolean;
} {
  const s = schema as TSchema & {
    description?: string;
    default?: string;
    'x-shown-default'?: string;
    'x-secret'?: boolean;
  };
  return {
    description: s.description ?? '',
    shown: s['x-shown-default'] ?? s.default,
    secret: s['x-secret'] === true,
  };
}
