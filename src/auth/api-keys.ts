/**
 * API keys for machines (docs/security.md, "API keys"): API_KEYS_FILE holds one key per line as
 * `<sha256 hex of the key> <role> <label>`, so the file never holds a key itself. Blank lines and
 * lines starting with `#` are skipped. A presented key is hashed and compared with every stored
 * hash in constant time (crypto.timingSafeEqual), all of them every time.
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
      if (!isRole(role)) throw new ApiKeysFileError(index + 1, `el rol "${role}" no existe (hr, exports u operator)`)
      if (hashes.has(hex.toLowerCase())) throw new ApiKeysFileError(index + 1, 'la misma clave aparece dos veces')
      if (labels.has(label)) throw new ApiKeysFileError(index + 1, `la etiqueta "${label}" ya está en uso`)
      hashes.add(hex.toLowerCase())
      labels.add(label)
      this.#entries.push({ hash: Buffer.from(hex, 'hex'), role, label })
    })
  }

  /** The identity of `key` (`kind: 'key'`, its label and role), or undefined when no stored hash matches. */
  identify (key: string): Identity | undefined {
    const presented = createHash('sha256').update(key, 'utf8').digest()
    let found: ApiKeyEntry | undefined
    for (const entry of this.#entries) {
      // every entry is compared, so the time taken does not tell which one matched
      if (timingSafeEqual(entry.hash, presented) && found === undefined) found = entry
    }
    return found === undefined ? undefined : { kind: 'key', subject: found.label, roles: [found.role] }
  }
}
