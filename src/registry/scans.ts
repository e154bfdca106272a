/**
 * The `contract_scans` table (docs/registry.md "Paper and its scan"; migration 0005): the scans of
 * paper signatures, in the registry's database so every instance sees them, each with its type (read
 * from its bytes, scan-files.ts), SHA-256, who sent it and when. A paper mark undone by counsel keeps
 * its scans, marked `undone_at`: no longer current, never erased.
 */
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { RegistryDb, ScanKind } from './tables.js'
import type { ScanMediaType } from './scan-files.js'

/** A scan received, its type already read from its bytes. */
export interface ScanUpload {
  kind: ScanKind
  mediaType: ScanMediaType
  bytes: Buffer
}

/** A stored scan as `GET /api/contracts/{id}/scan` serves it. */
export interface StoredScan {
  kind: ScanKind
  mediaType: ScanMediaType
  bytes: Buffer
  sha256: string
  uploadedBy: string | null
  /** ISO 8601 (UTC). */
  uploadedAt: string
}

/** Stores `scans` of a contract, by `by` (one statement). @returns each scan's SHA-256 (hex), by kind */
export async function insertScans (
  db: RegistryDb, contractId: string, scans: readonly ScanUpload[], by: string | undefined
): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {}
  if (scans.length === 0) return hashes
  await db.insertInto('contract_scans').values(scans.map((scan) => {
    const sha256 = createHash('sha256').update(scan.bytes).digest('hex')
    hashes[scan.kind] = sha256
    return {
      contract_id: contractId,
      kind: scan.kind,
      media_type: scan.mediaType,
      bytes: scan.bytes,
      size: scan.bytes.length,
      sha256,
      uploaded_by: by ?? null
    }
  })).execute()
  return hashes
}

/** The kinds of a contract's current scans. */
export async function selectScanKinds (db: RegistryDb, contractId: string): Promise<ScanKind[]> {
  const rows = await db.selectFrom('contract_scans').select('kind').where('contract_id', '=', contractId)
    .where('undone_at', 'is', null).orderBy('kind').execute()
  return rows.map((row) => row.kind)
}

/** A contract's current scan of `kind`; undefined when there is none. */
export async function selectScan (db: RegistryDb, contractId: string, kind: ScanKind): Promise<StoredScan | undefined> {
  const row = await db.selectFrom('contract_scans').select(['kind', 'media_type', 'bytes', 'sha256', 'uploaded_by', 'uploaded_at'])
    .where('contract_id', '=', contractId).where('kind', '=', kind).where('undone_at', 'is', null).executeTakeFirst()
  if (row === undefined) return undefined
  return {
    kind: row.kind,
    mediaType: row.media_type,
    bytes: Buffer.from(row.bytes),
    sha256: row.sha256,
    uploadedBy: row.uploaded_by,
    uploadedAt: new Date(row.uploaded_at).toISOString()
  }
}

/** Marks a contract's current scans no longer current (counsel undid the mark): kept, never erased. */
export async function undoScans (db: RegistryDb, contractId: string): Promise<void> {
  await db.updateTable('contract_scans').set({ undone_at: sql<Date>`now()` })
    .where('contract_id', '=', contractId).where('undone_at', 'is', null).execute()
}
