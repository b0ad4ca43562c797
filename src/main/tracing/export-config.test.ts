import { expect, test } from '@playwright/test';
import { otlpExportFrom } from './export-config';

test('export is off without an endpoint, or when the SDK is disabled', () => {
  expect(otlpExportFrom(undefined, {})).toBeUndefined();
  expect(otlpExportFrom('http://127.0.0.1:4318', { OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
});

test('a base endpoint gets /v1/traces; the traces endpoint is used as it is; the flag wins', () => {
  expect(otlpExportFrom('http://127.0.0.1:4318', {})).toEqual({
    url: 'http://127.0.0.1:4318/v1/traces',
    protocol: 'http/protobuf',
    headers: {},
    serviceName: 'agent-inspector',
  });
  expect(otlpExportFrom(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example/otlp/' })?.url).toBe(
    'https://collector.example/otlp/v1/traces',
  );
  expect(
    otlpExportFrom(undefined, {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/custom',
    })?.url,
  ).toBe('http://b:4318/custom');
  expect(otlpExportFrom('http://flag:1', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/custom' })?.url).toBe(
    'http://flag:1/v1/traces',
  );
});

test('headers, protocol and service name come from the standard variables; what cannot work is named', () => {
  const config = otlpExportFrom(undefined, {
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20abc, x-team=qa',
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=web',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'my-inspector',
  });
  expect(config).toMatchObject({
    protocol: 'http/json',
    headers: { authorization: 'Bearer abc', 'x-team': 'web' },
    serviceName: 'my-inspector',
  });
  expect(() => otlpExportFrom('ftp://x', {})).toThrow('--otlp-endpoint: "ftp://x" is not an http(s) URL.');
  expect(() => otlpExportFrom('http://x', { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' })).toThrow(
    'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "grpc" is not supported here; use http/protobuf or http/json.',
  );
  expect(() => otlpExportFrom('http://x', { OTEL_EXPORTER_OTLP_HEADERS: 'novalue' })).toThrow(
    'OTEL_EXPORTER_OTLP_HEADERS: "novalue" is not key=value.',
  );
});
