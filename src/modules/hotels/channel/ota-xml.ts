import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { OtaError } from './ota-read.ts';

/** The OpenTravel namespace of every message. */
export const OTA_NS = 'http://www.opentravel.org/OTA/2003/05';
/** The OpenTravel release the answers and reservations say they follow. */
export const OTA_VERSION = '2015.2';

/** Elements that may repeat: always read as lists, whether one or many came. */
const REPEATED = new Set([
  'AvailStatusMessage',
  'LengthOfStay',
  'RateAmountMessage',
  'Rate',
  'BaseByGuestAmt',
  'AdditionalGuestAmount',
  'Inventory',
  'InvCount',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseAttributeValue: false,
  parseTagValue: false,
  processEntities: false,
  isArray: (name) => REPEATED.has(name),
});

/** A message as read: its root element's name and content, or why it cannot be read. */
export type ReadXml =
  | { ok: true; name: string; root: Record<string, unknown> }
  | { ok: false; name: string | null; error: string };

/** The root element's name as written, for answering a message that is not well-formed. */
const rootName = (text: string) => /<(?:[\w.-]+:)?(OTA_\w+)/.exec(text)?.[1] ?? null;

/**
 * Parses a message (no DTD, no entities beyond XML's own): a document that is not well-formed, or whose
 * root is not one element, is refused with where the parser stopped.
 */
export function readXml(text: string): ReadXml {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    return { ok: false, name: rootName(text), error: 'Document type declarations are not accepted' };
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    return {
      ok: false,
      name: rootName(text),
      error: `Not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`,
    };
  const parsed = parser.parse(text) as Record<string, unknown>;
  const names = Object.keys(parsed).filter((k) => k !== '?xml');
  const name = names[0];
  const root = name === undefined ? undefined : parsed[name];
  if (names.length !== 1 || name === undefined)
    return { ok: false, name: name ?? null, error: 'The document must hold one message element' };
  // An empty root (`<OTA_…RQ/>`) reads as text: a message with nothing in it.
  return {
    ok: true,
    name,
    root: typeof root === 'object' && root !== null ? (root as Record<string, unknown>) : {},
  };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  suppressEmptyNode: true,
  format: true,
});

/** An XML document of one element built from an object (attributes under `@`-names, text under `#text`). */
export function writeXml(name: string, body: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [name]: body })}`;
}

/** The attributes every OTA message's root carries, echoing the request's token. */
export function rootAttributes(echoToken: string | undefined, at: Date): Record<string, string> {
  return {
    '@xmlns': OTA_NS,
    ...(echoToken ? { '@EchoToken': echoToken } : {}),
    '@TimeStamp': at.toISOString(),
    '@Version': OTA_VERSION,
  };
}

const errorElement = (e: OtaError) => ({
  '@Type': String(e.type),
  '@Code': String(e.code),
  '@ShortText': e.text,
  '@Tag': e.tag,
  '#text': e.text,
});

/**
 * The answer to a notification: `Success` (with any `Warnings`), or `Errors` alone, each naming the
 * element in error (`Tag`).
 */
export function notifAnswer(
  name: string,
  echoToken: string | undefined,
  at: Date,
  outcome: { errors: readonly OtaError[]; warnings: readonly OtaError[] },
): string {
  const body: Record<string, unknown> = rootAttributes(echoToken, at);
  if (outcome.errors.length > 0) body.Errors = { Error: outcome.errors.map(errorElement) };
  else {
    body.Success = '';
    if (outcome.warnings.length > 0) body.Warnings = { Warning: outcome.warnings.map(errorElement) };
  }
  // An empty Success element is written as <Success/>: suppressEmptyNode drops only empty strings' text.
  return writeXml(name, body);
}
