import { defineConfig } from '@playwright/test';

// The specs written before snapshot modes read each action's whole snapshot inline; the servers they start inherit
// this. Specs of the other modes (context-modes.spec.ts) pass --snapshot-mode, which wins over the variable.
process.env.AGENT_INSPECTOR_SNAPSHOT_MODE ??= 'inline';

// Unit tests sit beside the code (src/**/*.test.ts); end-to-end specs drive the built CLI (e2e/**/*.spec.ts).
// Two workers at most: CI machines have two cores, and each e2e test runs its own Chromium.
export default defineConfig({
  workers: 2,
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['./e2e/support/summary-reporter.ts'], ['./e2e/conformance/summary-reporter.ts']],
  projects: [
    { name: 'unit', testDir: 'src', testMatch: '**/*.test.ts' },
    { name: 'e2e', testDir: 'e2e', testMatch: '**/*.spec.ts' },
  ],
});
