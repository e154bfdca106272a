/**
 * The signing flow's rules as plain functions (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39): the
 * tokens, codes and session ids (256 random bits, kept only as SHA-256), an invitation's expiry, who
 * may be invited, the address's checks and masking, and the limits on identities and codes. No
 * database, no Fastify.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto'
import { addDays } from '../../vocabulary/dates.js'
import { SIGNING_LIMITS } from '../../registry/signing-limits.js'

export { SIGNING_LIMITS, sameHash } from '../../registry/signing-limits.js'

/** A new secret of 256 random bits, base64url (43 characters): an invitation's token or a session id. */
export function newSecret (): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 of `text` (UTF-8), hex: how tokens, codes and session ids are stored and looked up. */
export function sha256Hex (text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A six-digit one-time code, uniformly drawn. */
export function newCode (): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** `DD/MM/YYYY` at 23:59 Lima (UTC−05:00, no daylight saving) as an instant. */
export function limaEndOfDay (date: string): Date {
  const [day, month, year] = date.split('/')
  return new Date(`${year}-${month}-${day}T23:59:00-05:00`)
}

/**
 * When an invitation expires (§39): the earlier of `days` after `now` (SIGNING_INVITATION_DAYS) and
 * 23:59 Lima of the contract's start date; an adenda's, of the day before it starts.
 */
export function invitationExpiry (now: Date, kind: 'contract' | 'addendum', entryDate: string, days: number): Date {
  const last = limaEndOfDay(kind === 'addendum' ? addDays(entryDate, -1) : entryDate)
  const byDays = new Date(now.getTime() + days * 86_400_000)
  return byDays < last ? byDays : last
}

/** The domain of an address, lower case (`ana@Empresa.PE` → `empresa.pe`). */
export function domainOf (email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase()
}

/**
 * The employer's domains (§39: the worker's address must be the worker's own): MAIL_FROM's, the
 * employer profile's `emailDomains` and its ARCO address's.
 */
export function employerDomains (mailFrom: string | undefined, profile: {
  emailDomains?: readonly string[],
  dataProtection?: { arcoEmail?: string }
}): Set<string> {
  const domains = new Set((profile.emailDomains ?? []).map((domain) => domain.trim().toLowerCase()))
  const from = mailFrom === undefined ? undefined : /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom
  if (from?.includes('@') === true) domains.add(domainOf(from))
  if (profile.dataProtection?.arcoEmail !== undefined) domains.add(domainOf(profile.dataProtection.arcoEmail))
  return domains
}

/** An address as shown to HR and on the worker's page: `ana.quispe@correo.pe` → `a*********@c*****.pe`. */
export function maskEmail (email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  const dot = domain.lastIndexOf('.')
  const name = dot > 0 ? domain.slice(0, dot) : domain
  const tld = dot > 0 ? domain.slice(dot) : ''
  const hide = (text: string) => text.slice(0, 1) + '*'.repeat(Math.max(1, text.length - 1))
  return `${hide(local)}@${hide(name)}${tld}`
}

/**
 * Whether an address deserves HR's second look (`addressRecentlyChanged`, §39): it replaced an
 * earlier one within `SIGNING_LIMITS.recentAddressDays` days of `now`, or whoever set it is the one
 * inviting (an identity's subject; unknown subjects never match).
 */
export function addressRecentlyChanged (
  changes: ReadonlyArray<{ setBy: string | null, setAt: Date }>, invitedBy: string | undefined, now: Date
): boolean {
  const current = changes.at(-1)
  if (current === undefined) return false
  if (invitedBy !== undefined && current.setBy === invitedBy) return true
  return changes.length > 1 && now.getTime() - current.setAt.getTime() < SIGNING_LIMITS.recentAddressDays * 86_400_000
}

/** A birth date as the worker types it (`DD/MM/YYYY`, `D/M/YYYY`, `YYYY-MM-DD`) as `DD/MM/YYYY`, else undefined. */
export function typedBirthDate (text: string): string | undefined {
  const trimmed = text.trim()
  let match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed)
  if (match !== null) return `${match[1].padStart(2, '0')}/${match[2].padStart(2, '0')}/${match[3]}`
  match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)
  if (match !== null) return `${match[3]}/${match[2]}/${match[1]}`
  return undefined
}
