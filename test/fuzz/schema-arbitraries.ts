import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: mostly values the schema
 * accepts (so requests get past validation and into the handlers), and at every node, now and then, a
 * hostile value instead (wrong types, NUL, huge or non-finite numbers, impossible dates, deep nesting,
 * unknown keys). `pools` offers real values by property name (ids and codes taken from live answers),
 * so that some requests name things that exist.
 */
export type Schema = Record<string, any>;

export interface ArbitraryOptions {
  /** The whole OpenAPI document, for `$ref`s into components. */
  doc: Schema;
  /** Real values by property or parameter name. */
  pools: Record<string, readonly unknown[]>;
  /** Calendar dates near the test clock, to be valid and in the future. */
  dates: readonly string[];
  /** How often a node is hostile instead: 0 never, 1 about one node in thirteen. */
  hostility: 0 | 1;
}

const deep = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { nested: value };
  return value;
};

/** Values that have broken services: each is tried at any node of any request. */
export const HOSTILE: readonly unknown[] = [
  null,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%ff',
  '../../etc/passwd',
  "' OR 1=1 --",
  '𝒳̸\u202e',
  'x'.repeat(5_000),
  -1,
  0,
  2 ** 53,
  -(2 ** 63),
  1.5,
  1e308,
  '1e309',
  'NaN',
  true,
  [],
  [null],
  {},
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  '2026-02-30',
  '2026-2-3',
  '2026-12-31T23:59:60Z',
  deep(40),
];

const hostile = fc.constantFrom(...HOSTILE);

function resolve(schema: Schema, doc: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10 && typeof s?.$ref === 'string'; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s ?? {};
}

function stringArbitrary(schema: Schema, options: ArbitraryOptions): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 60);
  switch (schema.format) {
    case 'date':
      return fc.constantFrom(...options.dates);
    case 'date-time':
      return fc.constantFrom(...options.dates).map((d) => `${d}T10:00:00Z`);
    case 'email':
      return fc.emailAddress();
  }
  const choices: fc.Arbitrary<string>[] = [];
  if (schema.pattern) {
    try {
      choices.push(
        fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity)),
      );
    } catch {
      // A pattern JavaScript cannot compile as a RegExp: plain strings only.
    }
  } else {
    choices.push(fc.string({ minLength: min, maxLength: Math.max(min, max) }));
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    choices.push(fc.constantFrom(...schema.examples.filter((e: unknown) => typeof e === 'string')));
  return choices.length === 1 ? choices[0]! : fc.oneof(...choices);
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
  const min = schema.minimum ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 1e-6) : -1_000);
  const max = schema.maximum ?? min + 100_000;
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, 2 ** 31)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary for one schema node: usually what the schema accepts, sometimes a hostile value. */
export function arbitraryFor(
  raw: Schema,
  options: ArbitraryOptions,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const valid = validArbitrary(resolve(raw, options.doc), options, name, depth);
  const pool = options.pools[name];
  const usual = pool && pool.length > 0 ? fc.oneof(fc.constantFrom(...pool), valid) : valid;
  return options.hostility === 0
    ? usual
    : fc.oneof({ weight: 12, arbitrary: usual }, { weight: 1, arbitrary: hostile });
}

/** Every place in a JSON value, as a path of keys and indexes, the value itself first. */
function placesOf(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  const here = [path];
  if (Array.isArray(value)) return here.concat(value.flatMap((v, i) => placesOf(v, [...path, i])));
  if (value && typeof value === 'object')
    return here.concat(Object.entries(value).flatMap(([k, v]) => placesOf(v, [...path, k])));
  return here;
}

function replaced(value: unknown, path: Array<string | number>, by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head!] = replaced(copy[head!], rest, by);
  return copy;
}

/** A known-good value with one of its places (a field, an item, or the whole) made hostile or dropped. */
export function mutatedOnce(good: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...good), fc.nat(), fc.oneof(hostile, fc.constant(undefined)))
    .map(([value, n, by]) => {
      const places = placesOf(value);
      return replaced(value, places[n % places.length]!, by);
    });
}

function validArbitrary(
  schema: Schema,
  options: ArbitraryOptions,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives))
    return fc.oneof(...alternatives.map((s: Schema) => arbitraryFor(s, options, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.length > 1)
    return fc.oneof(...type.map((t: string) => validArbitrary({ ...schema, type: t }, options, name, depth)));
  switch (type[0]) {
    case 'string':
      return stringArbitrary(schema, options);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = arbitraryFor(schema.items ?? {}, options, name, depth + 1);
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
    }
    default: {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, s]) => [key, arbitraryFor(s, options, key, depth + 1)]),
        ),
        { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) },
      );
      // Now and then a key the schema does not name.
      return fc.oneof(
        { weight: 9, arbitrary: record },
        { weight: 1, arbitrary: record.map((r) => ({ ...r, unexpected_key: 'surprise' })) },
      );
    }
  }
}
