/**
 * The verification code every issued document prints (docs/registry.md "Verification codes";
 * DOCUMENT-REQUIREMENTS §32): drawn when the document is recorded, typed back by whoever checks a
 * copy, and what the public check (`GET /api/documents/{code}`) shows of the worker: the DNI masked
 * and the initials, never the name.
 */
import { randomFillSync } from 'node:crypto'

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** Random bytes drawn 256 codes at a time (one call to the CSPRNG instead of one per document), each used once. */
const RANDOM_POOL = Buffer.alloc(5 * 256)
let randomAt = RANDOM_POOL.length

/** A verification code: 8 characters of Crockford base32 (40 random bits), `XXXX-XXXX`. */
export function verificationCode (): string {
  if (randomAt + 5 > RANDOM_POOL.length) {
    randomFillSync(RANDOM_POOL)
    randomAt = 0
  }
  // 40 bits as a number (below 2^53): the first byte above the next four
  let bits = RANDOM_POOL[randomAt] * 2 ** 32 + RANDOM_POOL.readUInt32BE(randomAt + 1)
  randomAt += 5
  let code = ''
  for (let index = 0; index < 8; index++) {
    code = CROCKFORD[bits % 32] + code
    bits = Math.floor(bits / 32)
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** Crockford's decoding aliases: O reads as 0, I and L as 1. */
const ALIASES: Record<string, string> = { O: '0', I: '1', L: '1' }

/**
 * A verification code as a person types it, in the form the registry stores (`XXXX-XXXX`): any case,
 * with or without the dash (and spaces), Crockford's aliases tolerated (O → 0, I/L → 1).
 * @returns undefined when it is not 8 characters of Crockford base32 (U, punctuation, another length)
 */
export function parseVerificationCode (text: string): string | undefined {
  if (text.length > 20) return undefined
  const plain = text.toUpperCase().replace(/[\s-]/g, '').replace(/[OIL]/g, (letter) => ALIASES[letter])
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(plain)) return undefined
  return `${plain.slice(0, 4)}-${plain.slice(4)}`
}

/** `12345678` → `****5678` (any length: all but the last four characters hidden). */
export function maskDni (dni: string): string {
  return `${'*'.repeat(Math.max(0, dni.length - 4))}${dni.slice(-4)}`
}

/** `Rosa María`, `Quispe`, `Mamani` → `R. M. Q. M.` (letters only, upper case). */
export function initialsOf (...names: string[]): string {
  return names.join(' ').split(/\s+/).flatMap((word) => {
    const letter = /\p{L}/u.exec(word)?.[0]
    return letter === undefined ? [] : [`${letter.toLocaleUpperCase('es')}.`]
  }).join(' ')
}
