import type { CaseTable } from '../harness';
import { capabilities } from './caps';
import { codegen } from './codegen';
import { config } from './config';
import { consoleLog } from './console';
import { flags } from './flags';
import { httpSessions } from './http';
import { interaction } from './interaction';
import { navigation } from './navigation';
import { pageTools } from './page-tools';

/** Every case table, by tool group, then by flag group, then the configuration, then by transport. */
export const TABLES: CaseTable[] = [
  navigation,
  interaction,
  pageTools,
  consoleLog,
  capabilities,
  flags,
  codegen,
  config,
  httpSessions,
];
