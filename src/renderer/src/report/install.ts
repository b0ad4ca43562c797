import { staticBridge } from './static-bridge';

// Runs before anything imports the bridge (bridge/inspector.ts takes `window.inspector` when it is set).
try {
  window.inspector = staticBridge();
} catch (error) {
  document.body.textContent = error instanceof Error ? error.message : String(error);
  throw error;
}
