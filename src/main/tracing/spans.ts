/**
 * Spans as the inspector keeps them once received over OTLP (JSON or protobuf): one flat record per span, ids in
 * lowercase hex, times in epoch milliseconds, attributes as plain values. OTLP's nesting (resource → scope → span)
 * is flattened onto each span, so a span read alone says which service sent it.
 */
export type AttributeValue = string | number | boolean | AttributeValue[] | { [key: string]: AttributeValue } | null;
export type Attributes = Record<string, AttributeValue>;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind number (1 internal, 2 server, 3 client, 4 producer, 5 consumer); 0 when unspecified. */
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Attributes;
  events: { name: string; timeMs: number; attributes: Attributes }[];
  /** OTLP's status code (0 unset, 1 ok, 2 error) and its message. */
  status?: { code: number; message?: string };
  /** The resource's attributes (service.name…) and the instrumentation scope that made the span. */
  resource: Attributes;
  scope?: { name: string; version?: string };
}

/** A body that is not an OTLP trace export: the 400's text says what was wrong and where. */
export class OtlpFormatError extends Error {}
