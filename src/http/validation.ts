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

/**
 * The first value no schema keyword catches, with its JSON pointer and what is wrong: a number that is
 * not finite (Ajv coerces `limit=1e309` to Infinity and then, with defaults on, lets it past `maximum`),
 * or text holding NUL (no name, code or note holds one, and PostgreSQL refuses to store it).
 */
function unfit(value: unknown, pointer = '', depth = 0): { pointer: string; message: string } | undefined {
  if (typeof value === 'number' && !Number.isFinite(value))
    return { pointer, message: 'must be a finite number' };
  if (typeof value === 'string' && value.includes('\u0000')) return { pointer, message: 'must not hold NUL' };
  if (value && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return { pointer, message: `is nested more than ${MAX_DEPTH} levels deep` };
    for (const [key, item] of Object.entries(value)) {
      const found = unfit(item, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, depth + 1);
      if (found) return found;
    }
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
