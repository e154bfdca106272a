/**
 * The registry's migrations, in order, by name (Kysely's Migrator records each applied name in
 * `kysely_migration`). A migration is never edited once released: a change is a new file, added here.
 */
import type { Migration } from 'kysely'
import * as registry0001 from './0001-registry.js'
import * as causes0002 from './0002-causes.js'
import * as marks0003 from './0003-marks.js'
import * as causeActivityStart0004 from './0004-cause-activity-start.js'
import * as contractStatuses0005 from './0005-contract-statuses.js'
import * as signing0006 from './0006-signing.js'
import * as liveContracts0007 from './0007-live-contracts.js'

export const MIGRATIONS: Record<string, Migration> = {
  '0001-registry': registry0001,
  '0002-causes': causes0002,
  '0003-marks': marks0003,
  '0004-cause-activity-start': causeActivityStart0004,
  '0005-contract-statuses': contractStatuses0005,
  '0006-signing': signing0006,
  '0007-live-contracts': liveContracts0007
}
