#!/usr/bin/env node
// Runs the built CLI: the npm package ships it in out/; in a clone `npm install` builds it (prepare), `npm run build`
// rebuilds it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../out/main/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('agent-inspector is not built yet: run `npm run build` in the agent-inspector folder.\n');
  process.exit(1);
}
await import(cli.href);
