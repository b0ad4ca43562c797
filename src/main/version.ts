// Bundled at build time, so package.json stays the one source of the version.
import { version } from '../../package.json';

export const VERSION: string = version;
