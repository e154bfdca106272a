/**
 * `npm run db:migrate`: applies the registry's pending migrations (migrations/) to the database the
 * service would use (DATABASE_URL, else PGlite in DATA_DIR, default ./data) and exits; the service
 * also applies them when it opens the database (docs/registry.md).
 */
import { openDatabase } from '../src/registry/database.js'
import { projectPath } from '../src/paths.js'

const url = process.env.DATABASE_URL
const location = url !== undefined && url !== ''
  ? { kind: 'postgres' as const, url }
  : { kind: 'pglite' as const, dataDir: process.env.DATA_DIR === 'memory://' ? 'memory://' : projectPath(process.env.DATA_DIR ?? './data') }
const { db, close } = await openDatabase(location)
const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute()
await close()
console.log(`registro de contratos (${location.kind}): ${applied.length} migraciones aplicadas`)
