import type { OtlpExportConfig } from '../config';

const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

/** `k1=v1,k2=v2`, values percent-encoded: OpenTelemetry's header list (OTEL_EXPORTER_OTLP_HEADERS). */
function headerList(text: string | undefined, name: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    if (!pair.trim()) continue;
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`${name}: "${pair.trim()}" is not key=value.`);
    headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}

function httpUrl(value: string, name: string): URL {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`${name}: "${value}" is not an http(s) URL.`);
  return url;
}

/** A base endpoint with the signal's path added, as the OTLP exporter specification says (`/v1/traces`). */
function tracesUrl(base: string, name: string): string {
  const url = httpUrl(base, name);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/v1/traces`;
  return url.href;
}

/**
 * Where the server's own spans go, from `--otlp-endpoint` (a base URL, as OTEL_EXPORTER_OTLP_ENDPOINT) or the
 * standard variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (used as is), OTEL_EXPORTER_OTLP_ENDPOINT, their _HEADERS and
 * _PROTOCOL (`http/protobuf` by default, or `http/json`), OTEL_SERVICE_NAME. Undefined when none is set (export is off)
 * or OTEL_SDK_DISABLED is true. A value that cannot work is an error naming it.
 */
export function otlpExportFrom(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): OtlpExportConfig | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const url = flag
    ? tracesUrl(flag, '--otlp-endpoint')
    : env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()
      ? httpUrl(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT.trim(), 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT').href
      : env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
        ? tracesUrl(env.OTEL_EXPORTER_OTLP_ENDPOINT.trim(), 'OTEL_EXPORTER_OTLP_ENDPOINT')
        : undefined;
  if (!url) return undefined;
  const protocolName = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim()
    ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
    : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = env[protocolName]?.trim() || 'http/protobuf';
  if (!(PROTOCOLS as readonly string[]).includes(protocol))
    throw new Error(`${protocolName}: "${protocol}" is not supported here; use ${PROTOCOLS.join(' or ')}.`);
  return {
    url,
    protocol: protocol as OtlpExportConfig['protocol'],
    headers: {
      ...headerList(env.OTEL_EXPORTER_OTLP_HEADERS, 'OTEL_EXPORTER_OTLP_HEADERS'),
      ...headerList(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS, 'OTEL_EXPORTER_OTLP_TRACES_HEADERS'),
    },
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'agent-inspector',
  };
}
