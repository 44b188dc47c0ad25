import fc from 'fast-check';
import { hostileKeys, hostileText, hostileValue, percentEncode } from './hostile-values.js';
import { TEST_NOW } from './test-config.js';

/** The part of JSON Schema that the OpenAPI document of this API uses. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

/** One route of the OpenAPI document: `POST /api/v1/Order` and what it takes. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  body?: JsonSchema;
  query: OpenApiParameter[];
}

export interface OpenApiParameter {
  in: 'query' | 'path' | 'header' | 'cookie';
  name: string;
  schema: JsonSchema;
}

/**
 * Values for one schema node. Clean values have the right type and range and real-looking
 * dates, with awkward but storable text (quotes, `%`, Unicode), so that a request gets past
 * validation into the handler and the database. Dirty values mix in hostile ones of any kind
 * at every level, so that each field is also tried broken while the others are fine.
 */
export function valueFor(schema: JsonSchema, name = '', dirty = true): fc.Arbitrary<unknown> {
  const clean = plausible(schema, name, dirty);
  return dirty ? fc.oneof({ weight: 4, arbitrary: clean }, { weight: 1, arbitrary: hostileValue }) : clean;
}

/** Half the requests clean throughout, half with hostile values anywhere. */
export function bodyFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(valueFor(schema, '', false), valueFor(schema, '', true));
}

/** True when the schema says nothing about its fields: the route needs a hand-written generator. */
export function isOpaqueObject(schema: JsonSchema): boolean {
  return schema.type === 'object' && !schema.properties;
}

function plausible(schema: JsonSchema, name: string, dirty: boolean): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => valueFor(s, name, dirty)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectFor(schema, dirty);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, name, dirty), { maxLength: 6 });
    case 'integer':
      return integerFor(name, schema);
    case 'number':
      return fc.oneof(
        fc.integer({ min: bound(schema.minimum, -1e6), max: bound(schema.maximum, 1e6) }),
        ...(dirty ? [fc.double({ noNaN: true, noDefaultInfinity: true })] : []),
      );
    case 'boolean':
      return fc.boolean();
    case 'string':
      return textFor(name, schema, dirty);
    default:
      return hostileValue;
  }
}

/** Ids mostly small (records that exist) or 0 (a new one), so that saves reach the database. */
function integerFor(name: string, schema: JsonSchema): fc.Arbitrary<number> {
  const min = bound(schema.minimum, -1e6);
  const max = bound(schema.maximum, 1e6);
  const any = fc.integer({ min, max });
  if (!/Id$/.test(name) || min > 60 || max < 1) return any;
  return fc.oneof(fc.constantFrom(...[0, 1, 2, 3, 6].filter((n) => n >= min && n <= max)), any);
}

/** JSON Schema bounds can exceed what an int arbitrary takes (Number.MAX_SAFE_INTEGER and beyond). */
function bound(limit: number | undefined, fallback: number): number {
  const value = limit ?? fallback;
  return Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, value));
}

/**
 * The documented fields, plus up to two fields nobody asked for. Clean objects have their
 * required fields; dirty ones may leave any field out.
 */
export function objectFor(schema: JsonSchema, dirty = true): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const known = fc.record(
    Object.fromEntries(Object.entries(props).map(([key, s]) => [key, valueFor(s, key, dirty)])),
    { requiredKeys: dirty ? [] : (schema.required ?? []).filter((k) => k in props) },
  );
  const extraKey = fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 12 }));
  const extras = fc.array(fc.tuple(extraKey, hostileValue), { maxLength: 2 });
  // Object.fromEntries defines `__proto__` as an own key, so JSON.stringify sends it.
  return fc
    .tuple(known, extras)
    .map(([k, e]) => Object.fromEntries([...Object.entries(k as Record<string, unknown>), ...e]));
}

/** Dates from last month to three months ahead: some of them pass the order rules. */
const isoDate = fc
  .integer({ min: -30, max: 90 })
  .map((days) => new Date(TEST_NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10));

/** Text a database stores as it is: quotes, LIKE and SQL metacharacters, RTL, emoji, accents. */
const storableText = fc
  .array(
    fc.oneof(
      fc.constantFrom("'", '"', '%', '_', '\\', ';', '--', '\u202E', '😀', 'e\u0301', 'ß', '漢'),
      fc.string({ minLength: 1, maxLength: 8 }),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''))
  .filter((s) => s.trim() !== '' && !s.includes('\u0000'));

/** Text shaped by the field's name, so that dates, mail addresses and phones are sometimes right. */
function textFor(name: string, schema: JsonSchema, dirty: boolean): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const plain = fc
    .oneof(storableText, fc.string({ minLength: 1, maxLength: max }))
    .map((s) => s.slice(0, max));
  const shaped = /Date$/.test(name)
    ? isoDate
    : /Email/i.test(name)
      ? fc.stringMatching(/^[a-z0-9]{1,10}(['+_-][a-z0-9]{1,5})?@[a-z]{1,12}\.(com|test)$/)
      : /Password/.test(name)
        ? fc.string({ minLength: 8, maxLength: 40 })
        : /Phone|Fax/i.test(name)
          ? fc.stringMatching(/^[2-9]\d{9}$/)
          : plain;
  return dirty ? fc.oneof({ weight: 2, arbitrary: shaped }, { weight: 1, arbitrary: hostileText }) : shaped;
}

/**
 * A query string for the documented parameters: each present or not, plausible or hostile,
 * sometimes repeated (Fastify then parses an array), plus unknown parameters and broken
 * percent-encoding.
 */
export function queryFor(params: OpenApiParameter[]): fc.Arbitrary<string> {
  const pair = (name: string, schema: JsonSchema) =>
    valueFor(schema, name).map((v) => `${percentEncode(name)}=${percentEncode(asQueryText(v))}`);
  const documented = params.map((p) =>
    fc.array(pair(p.name, p.schema), { maxLength: 2 }).map((a) => a.join('&')),
  );
  const unknown = fc.array(
    fc.oneof(
      pair('__proto__', {}),
      fc.constantFrom('%', '%zz', 'a=%E0%A4%A', '=', '&&', 'x[y]=1', 'constructor[prototype]=1'),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...documented), unknown)
    .map(([d, u]) => [...d, ...u].filter((s) => s !== '').join('&'));
}

function asQueryText(value: unknown): string {
  if (typeof value === 'string') return value;
  const json = JSON.stringify(value);
  return json === undefined ? '' : json;
}

/** The part of the OpenAPI document the fuzz reads. */
export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: OpenApiParameter[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

/** Every route of the document, with its JSON body schema and query parameters. */
export function readOperations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, op]) => {
      const method = m.toUpperCase();
      const params = op.parameters ?? [];
      return {
        key: `${method} ${path}`,
        method,
        path,
        body: op.requestBody?.content['application/json']?.schema,
        query: params.filter((p) => p.in === 'query'),
      };
    }),
  );
}
