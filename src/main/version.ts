// Bundled at build time (and read natively under the test runner), so package.json stays the one source of the version.
import pkg from '../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
