/**
 * API keys for machines (docs/security.md, "API keys"): API_KEYS_FILE holds one key per line as
 * `<sha256 hex of the key> <role> <label>`, so the file never holds a key itself. Blank lines and
 * lines starting with `#` are skipped. A presented key is hashed and compared with every stored
 * hash in constant time (crypto.timingSafeEqual), all of them every time.
 *
 * The file holds hashes, so a key's length cannot be read from it: a key shorter than
 * API_KEY_MIN_LENGTH is refused where it is presented (it matches, but gives no identity), and the
 * one hash whose key is known without guessing, that of the empty key (`printf '%s' "$unset"`), is
 * refused at start-up.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { isRole, type Identity, type Role } from './roles.js'

interface ApiKeyEntry { hash: Buffer, role: Role, label: string }

/** A line of API_KEYS_FILE that cannot be read; its message names the line (Spanish, printed at start-up). */
export class ApiKeysFileError extends Error {
  constructor (line: number, problem: string) {
    super(`línea ${line}: ${problem} (formato: <sha256 hex> <rol> <etiqueta>)`)
    this.name = 'ApiKeysFileError'
  }
}

const LINE = /^([0-9a-fA-F]{64})\s+(\S+)\s+(\S.*?)\s*$/

/**
 * Characters a key needs to be a secret: 32 random hex digits are 128 bits (`openssl rand -hex 16`);
 * `openssl rand -base64 32`, as docs/security.md says, gives 44.
 */
export const API_KEY_MIN_LENGTH = 32

/** SHA-256 of the empty string: the line a key-making command writes when its variable was unset. */
const EMPTY_KEY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'

/** A presented key that matches a stored hash: its identity, or `tooShort` when it is below API_KEY_MIN_LENGTH. */
export type ApiKeyMatch = { tooShort: false, identity: Identity } | { tooShort: true, label: string }

/** SHA-256 of a key, as API_KEYS_FILE stores it (lowercase hex). */
export function hashApiKey (key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex')
}

export class ApiKeyRing {
  readonly #entries: ApiKeyEntry[]

  /**
   * Reads the text of API_KEYS_FILE.
   * @throws ApiKeysFileError on a malformed line, an unknown role, or a hash or label given twice
   */
  constructor (text: string) {
    this.#entries = []
    const labels = new Set<string>()
    const hashes = new Set<string>()
    text.split(/\r?\n/).forEach((raw, index) => {
      const line = raw.trim()
      if (line === '' || line.startsWith('#')) return
      const match = LINE.exec(line)
      if (match === null) throw new ApiKeysFileError(index + 1, 'no tiene tres campos')
      const [, hex, role, label] = match
      if (hex.toLowerCase() === EMPTY_KEY_HASH) throw new ApiKeysFileError(index + 1, 'es el SHA-256 de una clave vacía')
      if (!isRole(role)) throw new ApiKeysFileError(index + 1, `el rol "${role}" no existe (hr, exports, operator o legal)`)
      if (hashes.has(hex.toLowerCase())) throw new ApiKeysFileError(index + 1, 'la misma clave aparece dos veces')
      if (labels.has(label)) throw new ApiKeysFileError(index + 1, `la etiqueta "${label}" ya está en uso`)
      hashes.add(hex.toLowerCase())
      labels.add(label)
      this.#entries.push({ hash: Buffer.from(hex, 'hex'), role, label })
    })
  }

  /** Keys the file holds. */
  get size (): number {
    return this.#entries.length
  }

  /**
   * The stored key `key` is, if any: its identity (`kind: 'key'`, its label and role), or
   * `tooShort` with its label when it has fewer than API_KEY_MIN_LENGTH characters (never an identity).
   */
  match (key: string): ApiKeyMatch | undefined {
    const presented = createHash('sha256').update(key, 'utf8').digest()
    let found: ApiKeyEntry | undefined
    for (const entry of this.#entries) {
      // every entry is compared, so the time taken does not tell which one matched
      if (timingSafeEqual(entry.hash, presented) && found === undefined) found = entry
    }
    if (found === undefined) return undefined
    if (key.length < API_KEY_MIN_LENGTH) return { tooShort: true, label: found.label }
    return { tooShort: false, identity: { kind: 'key', subject: found.label, roles: [found.role] } }
  }
}
