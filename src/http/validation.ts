import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions } from 'fastify';
import { isCalendarDate } from '../shared/calendar.ts';

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

/** Two validators over the same schemas: coercing for text parts of a request, exact for its body. */
function buildValidator(externalSchemas: unknown, ajvOptions: unknown): Compile {
  const factory = AjvCompiler() as unknown as (schemas: unknown, options: unknown) => Compile;
  const options = ajvOptions as { customOptions: object };
  const withCoercion = (coerceTypes: 'array' | false) => ({
    ...options,
    customOptions: { ...options.customOptions, coerceTypes },
    onCreate: strictFormats,
  });
  const text = factory(externalSchemas, withCoercion('array'));
  const json = factory(externalSchemas, withCoercion(false));
  return (route) => (route.httpPart === 'body' ? json(route) : finiteOnly(text(route) as Validate));
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown };

/** The first field of coerced text that became Infinity or NaN (`limit=1e309`), as a JSON pointer. */
function nonFinite(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const [key, value] of Object.entries(data)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) return `/${key}`;
  }
  return undefined;
}

/**
 * Ajv coerces `1e309` to Infinity and then (with defaults on) lets it past `maximum`; a number that is
 * not finite is refused here, as the schema means.
 */
function finiteOnly(validate: Validate): Validate {
  const checked: Validate = (data) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const pointer = nonFinite(data);
    if (pointer === undefined) return true;
    checked.errors = [
      {
        instancePath: pointer,
        schemaPath: '',
        keyword: 'type',
        params: {},
        message: 'must be a finite number',
      },
    ];
    return false;
  };
  return checked;
}

const COMMON = { removeAdditional: false, allErrors: false, useDefaults: true } as const;

/**
 * How requests are validated. Query strings, path parameters and headers arrive as text, so their
 * numbers and booleans are coerced from it; a JSON body is taken as sent, so `true` is never a name and
 * `"3"` never a count. Dates and instants are checked for real (no 30 February, no leap second).
 */
export const validationOptions: Pick<FastifyServerOptions, 'ajv' | 'schemaController'> = {
  ajv: {
    customOptions: { ...COMMON, coerceTypes: 'array' },
    onCreate: strictFormats,
  } as FastifyServerOptions['ajv'],
  schemaController: {
    compilersFactory: { buildValidator: buildValidator as never },
  },
};
