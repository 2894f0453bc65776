import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { isCalendarDate } from '../shared/calendar.ts';
import { buildLazySerializer, lazyValidator } from './lazy-compilers.ts';

/** RFC 3339 date-time: a real calendar date and time (no leap second, no 24:00), with a zone. */
export function isInstant(value: string): boolean {
  const m =
    /^(\d{4}-\d{2}-\d{2})[Tt]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,9})?([Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/.exec(
      value,
    );
  return m !== null && isCalendarDate(m[1]!) && !Number.isNaN(Date.parse(value));
}

type Ajv = { addFormat(name: string, format: { type: 'string'; validate: (v: string) => boolean }): unknown };

/** Formats checked as the API means them: `date` a real calendar day, `date-time` a real instant. */
function strictFormats(ajv: Ajv): void {
  ajv.addFormat('date', { type: 'string', validate: isCalendarDate });
  ajv.addFormat('date-time', { type: 'string', validate: isInstant });
}

type RouteSchema = { httpPart?: string };
type Compile = (route: RouteSchema) => unknown;

const compilers = new Map<string, Compile>();

/**
 * Two validators over the same schemas: coercing for text parts of a request, exact for its body.
 * Fastify asks again for every route declared after a shared schema was added; the Ajv instances for one
 * set of shared schemas (their ids, which are never redefined) are made once and reused.
 */
function buildValidator(externalSchemas: unknown, ajvOptions: unknown): Compile {
  const options = ajvOptions as { customOptions: object };
  const key = `${Object.keys(externalSchemas as object).join(',')}|${JSON.stringify(options.customOptions)}`;
  const known = compilers.get(key);
  if (known) return known;
  const factory = AjvCompiler() as unknown as (schemas: unknown, options: unknown) => Compile;
  const withCoercion = (coerceTypes: 'array' | false) => ({
    ...options,
    customOptions: { ...options.customOptions, coerceTypes },
    onCreate: strictFormats,
  });
  const text = factory(externalSchemas, withCoercion('array'));
  const json = factory(externalSchemas, withCoercion(false));
  const compile = lazyValidator((route: RouteSchema) =>
    checked((route.httpPart === 'body' ? json : text)(route) as Validate),
  );
  compilers.set(key, compile);
  return compile;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** Deeper than any document of the API (an import file is five levels). */
const MAX_DEPTH = 32;

type Unfit = { keys: string[]; message: string };

/**
 * The first value no schema keyword catches, with its JSON pointer and what is wrong: a number that is
 * not finite (Ajv coerces `limit=1e309` to Infinity and then, with defaults on, lets it past `maximum`),
 * or text holding NUL (no name, code or note holds one, and PostgreSQL refuses to store it). A body of an
 * import holds a million values: nothing is allocated for a value that is fit, and the pointer is only
 * made for the one that is not.
 */
function unfit(value: unknown): { pointer: string; message: string } | undefined {
  const found = unfitIn(value, 0);
  if (!found) return undefined;
  const pointer = found.keys
    .reverse()
    .map((key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
  return { pointer, message: found.message };
}

/** What was found inside, one key further out. */
function outward(found: Unfit, key: string): Unfit {
  found.keys.push(key);
  return found;
}

function unfitIn(value: unknown, depth: number): Unfit | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) ? undefined : { keys: [], message: 'must be a finite number' };
  if (typeof value === 'string')
    return value.includes('\u0000') ? { keys: [], message: 'must not hold NUL' } : undefined;
  if (!value || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return { keys: [], message: `is nested more than ${MAX_DEPTH} levels deep` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unfitIn(value[i], depth + 1);
      if (found) return outward(found, String(i));
    }
    return undefined;
  }
  // Values first, keys only for the one unfit: a lookup by key, with the many shapes a server sees, is slow.
  const values = Object.values(value);
  for (let i = 0; i < values.length; i++) {
    const found = unfitIn(values[i], depth + 1);
    if (found) return outward(found, Object.keys(value)[i]!);
  }
  return undefined;
}

/** A validator that, once the schema passed (so the shape is closed and bounded), also refuses what is unfit. */
function checked(validate: Validate): Validate {
  const check: Validate = (data) => {
    if (!validate(data)) {
      check.errors = validate.errors;
      return false;
    }
    const found = unfit(data);
    if (!found) return true;
    check.errors = [
      { instancePath: found.pointer, schemaPath: '', keyword: 'format', params: {}, message: found.message },
    ];
    return false;
  };
  return check;
}

const COMMON = { removeAdditional: false, allErrors: false, useDefaults: true } as const;

/**
 * How requests are validated. Query strings, path parameters and headers arrive as text, so their
 * numbers and booleans are coerced from it; a JSON body is taken as sent, so `true` is never a name and
 * `"3"` never a count. Dates and instants are checked for real (no 30 February, no leap second).
 */
export const validationOptions: Pick<FastifyServerOptions, 'ajv' | 'schemaController'> = {
  // Coercion and formats are set per part by buildValidator; these are the options both share.
  ajv: { customOptions: COMMON },
  schemaController: {
    compilersFactory: {
      buildValidator: buildValidator as never,
      buildSerializer: buildLazySerializer as never,
    },
  },
};
