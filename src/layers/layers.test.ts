import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkLayers } from './check';

// The layering of src/, as the DEPS.list files next to the code write it (the format: ./check.ts).
test('every file of src/ imports only what its layer allows, with no cycle between layers', () => {
  const started = performance.now();
  const violations = checkLayers(resolve('src'));
  const took = performance.now() - started;
  expect(violations.join('\n\n')).toBe('');
  // Read on every `npm test`: it must stay cheap.
  expect(took).toBeLessThan(1_000);
});
