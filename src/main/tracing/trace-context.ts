import type { StepTrace } from '../../shared/events';

/**
 * W3C Trace Context as MCP carries it in a request's `params._meta` (SEP-414): `traceparent`, `tracestate` and
 * `baggage`, read leniently. A value that breaks the format is dropped and named in `invalid` (the caller counts it);
 * it is never an error to the agent, whose call goes on untraced.
 */
export type TraceContext = StepTrace;

export interface TraceContextReading {
  context?: TraceContext;
  /** Which of the three fields were present but not valid. */
  invalid: ('traceparent' | 'tracestate' | 'baggage')[];
}

// version "-" trace-id "-" parent-id "-" trace-flags; a later version may append fields after a further "-".
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
// A tracestate member: a key (simple, or tenant@system) "=" a value of printable ASCII but "," and "=", no trailing space.
const TRACESTATE_MEMBER =
  /^(?:[a-z][a-z0-9_\-*/]{0,255}|[a-z0-9][a-z0-9_\-*/]{0,240}@[a-z][a-z0-9_\-*/]{0,13})=[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;
/** The limits the W3C specifications set: 32 tracestate members, 512 characters kept; 8,192 bytes of baggage. */
const MAX_TRACESTATE_MEMBERS = 32;
const MAX_TRACESTATE_CHARS = 512;
const MAX_BAGGAGE_BYTES = 8_192;
// A baggage member: key "=" value, then optional ";"-separated properties; tokens and percent-encoded values.
const BAGGAGE_MEMBER = /^\s*[!#$%&'*+\-.^_`|~0-9A-Za-z]+\s*=\s*[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*\s*(;.*)?$/;

function readTraceparent(value: string): Omit<TraceContext, 'tracestate' | 'baggage'> | undefined {
  const match = TRACEPARENT.exec(value.trim());
  if (!match) return undefined;
  const [, version, traceId, parentSpanId, flags, rest] = match;
  // Version ff is forbidden; version 00 has exactly four fields; an all-zero id names nothing.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentSpanId)) return undefined;
  return { traceId, parentSpanId, sampled: (parseInt(flags, 16) & 1) === 1 };
}

function readTracestate(value: string): string | undefined {
  const members = value
    .split(',')
    .map(member => member.trim())
    .filter(Boolean);
  if (
    !members.length ||
    members.length > MAX_TRACESTATE_MEMBERS ||
    !members.every(member => TRACESTATE_MEMBER.test(member))
  )
    return undefined;
  const keys = members.map(member => member.slice(0, member.indexOf('=')));
  if (new Set(keys).size !== keys.length) return undefined;
  const joined = members.join(',');
  return joined.length <= MAX_TRACESTATE_CHARS ? joined : undefined;
}

function readBaggage(value: string): string | undefined {
  if (Buffer.byteLength(value) > MAX_BAGGAGE_BYTES) return undefined;
  const members = value.split(',');
  return members.every(member => BAGGAGE_MEMBER.test(member)) ? value.trim() : undefined;
}

/** The trace context of an MCP request, from its `params._meta` (any shape: a client may send anything there). */
export function readTraceContext(meta: unknown): TraceContextReading {
  const invalid: TraceContextReading['invalid'] = [];
  if (!meta || typeof meta !== 'object') return { invalid };
  const fields = meta as Record<string, unknown>;
  const text = (name: 'traceparent' | 'tracestate' | 'baggage') => {
    const value = fields[name];
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    invalid.push(name);
    return undefined;
  };
  const [traceparent, tracestate, baggage] = [text('traceparent'), text('tracestate'), text('baggage')];
  const parent = traceparent === undefined ? undefined : readTraceparent(traceparent);
  if (traceparent !== undefined && !parent) invalid.push('traceparent');
  const state = tracestate === undefined ? undefined : readTracestate(tracestate);
  if (tracestate !== undefined && state === undefined) invalid.push('tracestate');
  const carried = baggage === undefined ? undefined : readBaggage(baggage);
  if (baggage !== undefined && carried === undefined) invalid.push('baggage');
  // tracestate belongs to its traceparent: without one it means nothing. Baggage stands alone, but a step records it
  // only with the trace it travels in.
  if (!parent) return { invalid };
  return {
    context: {
      ...parent,
      ...(state !== undefined && { tracestate: state }),
      ...(carried !== undefined && { baggage: carried }),
    },
    invalid,
  };
}
