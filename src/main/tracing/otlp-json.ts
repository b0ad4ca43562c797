import type { AttributeValue, Attributes, ReceivedSpan } from '../../shared/spans';

/** A body that is not an OTLP trace export: the 400's text (or the command's error) says what was wrong and where. */
export class OtlpFormatError extends Error {}

/**
 * An OTLP ExportTraceServiceRequest in its JSON encoding (or as protobuf decodes to the same shape: see otlp-proto)
 * as ReceivedSpans. Lenient where the specification is (unknown fields ignored, integers as strings or numbers, ids
 * hex or, from protobuf, already converted), strict where a span would be meaningless: a missing or malformed trace
 * or span id, or a body that is not an object of resourceSpans, fails with the path to the fault.
 */
export function spansFromOtlpJson(body: unknown): ReceivedSpan[] {
  const request = object(body, 'body');
  const spans: ReceivedSpan[] = [];
  list(request.resourceSpans ?? [], 'resourceSpans').forEach((resourceSpans, r) => {
    const at = `resourceSpans[${r}]`;
    const entry = object(resourceSpans, at);
    const resource =
      entry.resource === undefined
        ? {}
        : attributes(object(entry.resource, `${at}.resource`).attributes, `${at}.resource.attributes`);
    list(entry.scopeSpans ?? [], `${at}.scopeSpans`).forEach((scopeSpans, s) => {
      const scopeAt = `${at}.scopeSpans[${s}]`;
      const scopeEntry = object(scopeSpans, scopeAt);
      const scopeObject = scopeEntry.scope === undefined ? undefined : object(scopeEntry.scope, `${scopeAt}.scope`);
      const scope =
        scopeObject && typeof scopeObject.name === 'string'
          ? {
              name: scopeObject.name,
              ...(typeof scopeObject.version === 'string' && scopeObject.version && { version: scopeObject.version }),
            }
          : undefined;
      list(scopeEntry.spans ?? [], `${scopeAt}.spans`).forEach((span, i) =>
        spans.push(spanFrom(object(span, `${scopeAt}.spans[${i}]`), `${scopeAt}.spans[${i}]`, resource, scope)),
      );
    });
  });
  return spans;
}

/**
 * The spans of an OTLP JSON file: one export request, or one per line as a collector's file exporter writes them.
 * A line that is not a trace export fails the whole file, naming the line and what was wrong: nothing is half added.
 */
export function spansOfOtlpFile(text: string, file: string): ReceivedSpan[] {
  const whole = text.trim();
  try {
    return spansFromOtlpJson(JSON.parse(whole));
  } catch (error) {
    if (error instanceof OtlpFormatError) throw new Error(`${file}: ${error.message}`);
  }
  return whole.split('\n').flatMap((line, index) => {
    if (!line.trim()) return [];
    try {
      return spansFromOtlpJson(JSON.parse(line));
    } catch (error) {
      throw new Error(
        `${file} line ${index + 1}: ${error instanceof SyntaxError ? 'not JSON' : (error as Error).message}`,
      );
    }
  });
}

function spanFrom(
  span: Record<string, unknown>,
  at: string,
  resource: Attributes,
  scope: ReceivedSpan['scope'],
): ReceivedSpan {
  const status = span.status === undefined ? undefined : object(span.status, `${at}.status`);
  const parentSpanId =
    span.parentSpanId === undefined || span.parentSpanId === ''
      ? undefined
      : id(span.parentSpanId, 16, `${at}.parentSpanId`);
  return {
    traceId: id(span.traceId, 32, `${at}.traceId`),
    spanId: id(span.spanId, 16, `${at}.spanId`),
    ...(parentSpanId && { parentSpanId }),
    name: typeof span.name === 'string' ? span.name : '',
    kind: span.kind === undefined ? 0 : integer(span.kind, `${at}.kind`),
    startMs: nanosToMs(span.startTimeUnixNano, `${at}.startTimeUnixNano`),
    endMs: nanosToMs(span.endTimeUnixNano, `${at}.endTimeUnixNano`),
    attributes: attributes(span.attributes, `${at}.attributes`),
    events: list(span.events ?? [], `${at}.events`).map((event, e) => {
      const entry = object(event, `${at}.events[${e}]`);
      return {
        name: typeof entry.name === 'string' ? entry.name : '',
        timeMs: nanosToMs(entry.timeUnixNano, `${at}.events[${e}].timeUnixNano`),
        attributes: attributes(entry.attributes, `${at}.events[${e}].attributes`),
      };
    }),
    ...(status && {
      status: {
        code: status.code === undefined ? 0 : integer(status.code, `${at}.status.code`),
        ...(typeof status.message === 'string' && status.message && { message: status.message }),
      },
    }),
    resource,
    ...(scope && { scope }),
  };
}

function object(value: unknown, at: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new OtlpFormatError(`${at}: expected an object`);
  return value as Record<string, unknown>;
}

function list(value: unknown, at: string): unknown[] {
  if (!Array.isArray(value)) throw new OtlpFormatError(`${at}: expected an array`);
  return value;
}

/** A trace or span id: hex of the right length (OTLP JSON), lowercased; all zeros is no id. */
function id(value: unknown, digits: number, at: string): string {
  if (typeof value !== 'string' || !new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(value) || /^0+$/.test(value))
    throw new OtlpFormatError(`${at}: expected ${digits} hex digits, not all zero`);
  return value.toLowerCase();
}

function integer(value: unknown, at: string): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) throw new OtlpFormatError(`${at}: expected an integer`);
  return number;
}

/** Nanoseconds since the epoch (a string or number; a JS number loses only sub-microsecond digits) as milliseconds. */
function nanosToMs(value: unknown, at: string): number {
  if (value === undefined) return 0;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value / 1e6;
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    // Split so that the millisecond part stays exact: 19-digit nanosecond counts exceed a double's 15-16 digits.
    const ms = value.length > 6 ? Number(value.slice(0, -6)) : 0;
    return ms + Number(value.slice(-6)) / 1e6;
  }
  throw new OtlpFormatError(`${at}: expected nanoseconds since the epoch`);
}

function attributes(value: unknown, at: string): Attributes {
  if (value === undefined) return {};
  const result: Attributes = {};
  list(value, at).forEach((item, i) => {
    const entry = object(item, `${at}[${i}]`);
    if (typeof entry.key !== 'string') throw new OtlpFormatError(`${at}[${i}].key: expected a string`);
    result[entry.key] = anyValue(entry.value, `${at}[${i}].value`);
  });
  return result;
}

/** OTLP's AnyValue: one of its typed fields; int64 as a number (exact to 2^53, beyond which a trace rarely counts). */
function anyValue(value: unknown, at: string): AttributeValue {
  if (value === undefined || value === null) return null;
  const typed = object(value, at);
  if ('stringValue' in typed) return String(typed.stringValue ?? '');
  if ('boolValue' in typed) return typed.boolValue === true || typed.boolValue === 'true';
  if ('intValue' in typed) return integer(typed.intValue, `${at}.intValue`);
  if ('doubleValue' in typed) return Number(typed.doubleValue);
  if ('bytesValue' in typed) return String(typed.bytesValue ?? '');
  if ('arrayValue' in typed) {
    const values = object(typed.arrayValue ?? {}, `${at}.arrayValue`).values;
    return values === undefined
      ? []
      : list(values, `${at}.arrayValue.values`).map((item, i) => anyValue(item, `${at}.arrayValue.values[${i}]`));
  }
  if ('kvlistValue' in typed)
    return attributes(object(typed.kvlistValue ?? {}, `${at}.kvlistValue`).values, `${at}.kvlistValue.values`);
  return null;
}
