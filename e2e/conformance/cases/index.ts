import type { CaseTable } from '../harness';
import { navigation } from './navigation';

/** Every case table, by tool group, then by flag group. */
export const TABLES: CaseTable[] = [navigation];
