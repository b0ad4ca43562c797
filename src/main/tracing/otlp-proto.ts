import protobuf from 'protobufjs';

/**
 * OTLP's trace export request (opentelemetry-proto: collector/trace/v1, trace/v1, common/v1, resource/v1) as a
 * protobufjs schema: the messages and field numbers of the specification, for decoding what an exporter sends.
 * Fields this reader has no use for (links, dropped counts, schema URLs) are listed all the same, so the schema is the
 * specification's and not a guess at it.
 */
const KEY_VALUES = { rule: 'repeated', type: 'KeyValue' } as const;
const SCHEMA = {
  nested: {
    ExportTraceServiceRequest: { fields: { resourceSpans: { rule: 'repeated', type: 'ResourceSpans', id: 1 } } },
    ResourceSpans: {
      fields: {
        resource: { type: 'Resource', id: 1 },
        scopeSpans: { rule: 'repeated', type: 'ScopeSpans', id: 2 },
        schemaUrl: { type: 'string', id: 3 },
      },
    },
    Resource: { fields: { attributes: { ...KEY_VALUES, id: 1 }, droppedAttributesCount: { type: 'uint32', id: 2 } } },
    ScopeSpans: {
      fields: {
        scope: { type: 'InstrumentationScope', id: 1 },
        spans: { rule: 'repeated', type: 'Span', id: 2 },
        schemaUrl: { type: 'string', id: 3 },
      },
    },
    InstrumentationScope: {
      fields: {
        name: { type: 'string', id: 1 },
        version: { type: 'string', id: 2 },
        attributes: { ...KEY_VALUES, id: 3 },
        droppedAttributesCount: { type: 'uint32', id: 4 },
      },
    },
    Span: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        traceState: { type: 'string', id: 3 },
        parentSpanId: { type: 'bytes', id: 4 },
        flags: { type: 'fixed32', id: 16 },
        name: { type: 'string', id: 5 },
        kind: { type: 'int32', id: 6 },
        startTimeUnixNano: { type: 'fixed64', id: 7 },
        endTimeUnixNano: { type: 'fixed64', id: 8 },
        attributes: { ...KEY_VALUES, id: 9 },
        droppedAttributesCount: { type: 'uint32', id: 10 },
        events: { rule: 'repeated', type: 'Event', id: 11 },
        droppedEventsCount: { type: 'uint32', id: 12 },
        links: { rule: 'repeated', type: 'Link', id: 13 },
        droppedLinksCount: { type: 'uint32', id: 14 },
        status: { type: 'Status', id: 15 },
      },
    },
    Event: {
      fields: {
        timeUnixNano: { type: 'fixed64', id: 1 },
        name: { type: 'string', id: 2 },
        attributes: { ...KEY_VALUES, id: 3 },
        droppedAttributesCount: { type: 'uint32', id: 4 },
      },
    },
    Link: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        traceState: { type: 'string', id: 3 },
        attributes: { ...KEY_VALUES, id: 4 },
        droppedAttributesCount: { type: 'uint32', id: 5 },
        flags: { type: 'fixed32', id: 6 },
      },
    },
    Status: { fields: { message: { type: 'string', id: 2 }, code: { type: 'int32', id: 3 } } },
    KeyValue: { fields: { key: { type: 'string', id: 1 }, value: { type: 'AnyValue', id: 2 } } },
    AnyValue: {
      oneofs: {
        value: {
          oneof: ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'],
        },
      },
      fields: {
        stringValue: { type: 'string', id: 1 },
        boolValue: { type: 'bool', id: 2 },
        intValue: { type: 'int64', id: 3 },
        doubleValue: { type: 'double', id: 4 },
        arrayValue: { type: 'ArrayValue', id: 5 },
        kvlistValue: { type: 'KeyValueList', id: 6 },
        bytesValue: { type: 'bytes', id: 7 },
      },
    },
    ArrayValue: { fields: { values: { rule: 'repeated', type: 'AnyValue', id: 1 } } },
    KeyValueList: { fields: { values: { ...KEY_VALUES, id: 1 } } },
  },
};

const request = protobuf.Root.fromJSON(SCHEMA).lookupType('ExportTraceServiceRequest');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- protobufjs decodes to untyped objects; this walk reads OTLP's fields by name
type Message = Record<string, unknown> & { [key: string]: any };

const hex = (bytes: Uint8Array | undefined) =>
  bytes?.length ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('hex') : undefined;
/** A 64-bit integer as protobufjs decodes it (a Long, or a number when small) as a decimal string. */
const int64 = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

/** OTLP's AnyValue in its JSON shape: the one field its oneof holds. */
function anyValue(value: Message | undefined): unknown {
  const field = value?.value as string | undefined;
  if (!value || !field) return undefined;
  const held = value[field];
  switch (field) {
    case 'intValue':
      return { intValue: int64(held) };
    case 'bytesValue':
      return { bytesValue: Buffer.from(held as Uint8Array).toString('base64') };
    case 'arrayValue':
      return { arrayValue: { values: ((held as Message).values ?? []).map(anyValue) } };
    case 'kvlistValue':
      return { kvlistValue: { values: keyValues((held as Message).values) } };
    default:
      return { [field]: held };
  }
}

const keyValues = (list: Message[] | undefined) =>
  (list ?? []).map(entry => ({ key: entry.key, value: anyValue(entry.value) }));

/**
 * A protobuf ExportTraceServiceRequest in the shape of its JSON encoding (spansFromOtlpJson reads both): ids as hex,
 * 64-bit integers as decimal strings, other bytes as base64. Read field by field from the decoded message: protobufjs'
 * generic toObject costs more than the decoding itself on a 10,000-span request.
 */
export function decodeTraceRequest(body: Buffer): unknown {
  const decoded = request.decode(body) as Message;
  return {
    resourceSpans: (decoded.resourceSpans ?? []).map((resourceSpans: Message) => ({
      ...(resourceSpans.resource && { resource: { attributes: keyValues(resourceSpans.resource.attributes) } }),
      scopeSpans: (resourceSpans.scopeSpans ?? []).map((scopeSpans: Message) => ({
        ...(scopeSpans.scope && { scope: { name: scopeSpans.scope.name, version: scopeSpans.scope.version } }),
        spans: (scopeSpans.spans ?? []).map((span: Message) => ({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
          name: span.name,
          kind: span.kind,
          startTimeUnixNano: int64(span.startTimeUnixNano),
          endTimeUnixNano: int64(span.endTimeUnixNano),
          attributes: keyValues(span.attributes),
          events: (span.events ?? []).map((event: Message) => ({
            name: event.name,
            timeUnixNano: int64(event.timeUnixNano),
            attributes: keyValues(event.attributes),
          })),
          ...(span.status && { status: { code: span.status.code, message: span.status.message } }),
        })),
      })),
    })),
  };
}
