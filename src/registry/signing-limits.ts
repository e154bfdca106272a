/**
 * The limits of the worker's electronic signature (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39)
 * that the registry enforces under its row locks, and the constant-time comparison of stored hashes.
 */
import { timingSafeEqual } from 'node:crypto'

/** The limits of §39's identity check and one-time code (docs/signing-flow.md "The worker's page"). */
export const SIGNING_LIMITS = {
  /** Wrong identities (DNI and birth date) before the invitation locks. */
  identityFailures: 5,
  /** ms a code is valid. */
  codeTtlMs: 10 * 60_000,
  /** ms between two codes. */
  codeIntervalMs: 60_000,
  /** Codes sent per invitation in 24 h. */
  codesPerDay: 5,
  /** Wrong codes, in all, before the invitation locks. */
  codeFailures: 10,
  /** ms a session lives without a request. */
  sessionIdleMs: 15 * 60_000,
  /** ms a session lives at most. */
  sessionMaxMs: 60 * 60_000,
  /** Days within which an address change is flagged `addressRecentlyChanged`. */
  recentAddressDays: 7
} as const

/** Compares two hex hashes in constant time. */
export function sameHash (a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right)
}
