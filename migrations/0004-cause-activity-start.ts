/**
 * An art. 57 cause (inicio o incremento de actividad) carries the day its activity began: its period
 * ends at most 36 months after it (DOCUMENT-REQUIREMENTS §34; LPCL art. 57). Null for the other
 * modalities. Numbered 0004, leaving 0003 to the registry's own next change.
 */
import type { Kysely } from 'kysely'

export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('causes').addColumn('activity_start', 'date').execute()
}

export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('causes').dropColumn('activity_start').execute()
}
