/**
 * File and entry names built from user data (D18): no path separators, no `..`, no control
 * characters, nothing Windows refuses; and Content-Disposition headers with an ASCII `filename`
 * beside an RFC 5987 `filename*` for names that are not ASCII (RFC 6266).
 */
import type { ContractType } from '../../schemas/employee.js'

const MAX_NAME_LENGTH = 120
/**
 * UTF-8 bytes of a safe name: file systems and `unzip` refuse a path component over 255 bytes, and
 * the callers append at most 15 (`.pdf`, `-adenda.pdf`), so a whole file name stays within 255.
 */
export const MAX_NAME_BYTES = 240

/** The longest prefix of `chars` within `maxBytes` UTF-8 bytes (whole characters only). */
function withinBytes (chars: readonly string[], maxBytes: number): string {
  let bytes = 0
  let end = 0
  for (; end < chars.length; end++) {
    const size = Buffer.byteLength(chars[end], 'utf8')
    if (bytes + size > maxBytes) break
    bytes += size
  }
  return chars.slice(0, end).join('')
}

/**
 * One path segment made safe (D18): `/` and `\` become `-`; control and format characters, and
 * lone UTF-16 surrogates (valid in JSON, not encodable in UTF-8 or RFC 5987), become spaces;
 * `< > : " | ? *` become `_`; `..` runs collapse to `.`; no leading or trailing dots or spaces;
 * at most 120 characters and MAX_NAME_BYTES UTF-8 bytes, cut on a character boundary (docs/import.md:
 * 82 CJK characters made a 313-byte entry `unzip` could not extract). Never empty (`documento`).
 */
export function safeFileName (text: string): string {
  const safe = text.normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/[/\\]+/g, '-')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
  return withinBytes(Array.from(safe).slice(0, MAX_NAME_LENGTH), MAX_NAME_BYTES).replace(/[\s.]+$/, '') || 'documento'
}

/** `Part Time` → `parttime` (spec endpoint 4: contractType lower case, spaces removed). */
export function contractFolder (contractType: ContractType): string {
  return contractType.toLowerCase().replace(/\s+/g, '')
}

/** `{dni}-{position}.pdf`, safe (spec endpoints 3 and 4, D18). */
export function contractFileName (employee: { dni: string, position: string }): string {
  return `${safeFileName(`${employee.dni}-${employee.position}`)}.pdf`
}

/**
 * The three entries of one employee in the contracts ZIP (spec endpoint 4 table), in order:
 * contract, personal-data consent, annex.
 */
export function contractEntryNames (
  employee: { dni: string, position: string, contractType: ContractType }
): [contract: string, consent: string, annex: string] {
  const folder = contractFolder(employee.contractType)
  const dni = safeFileName(employee.dni)
  return [`${folder}/${contractFileName(employee)}`, `${folder}/Tratamiento de datos/${dni}.pdf`, `${folder}/Anexos/${dni}.pdf`]
}

/** `<documentNumber>-adenda.pdf`: the preview's file name of an adenda (D22). */
export function addendumFileName (addendum: { documentNumber: string }): string {
  return `${safeFileName(addendum.documentNumber)}-adenda.pdf`
}

/** `adendas/<documentNumber>.pdf`: an adenda's entry in the adendas ZIP (D22). */
export function addendumEntryName (addendum: { documentNumber: string }): string {
  return `adendas/${safeFileName(addendum.documentNumber)}.pdf`
}

/** ASCII stand-in of a name: accents dropped, anything else non-ASCII as `_`. */
export function asciiFileName (name: string): string {
  return name.normalize('NFD').replace(/\p{M}+/gu, '').replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
}

/** RFC 5987 value characters: everything but attr-char percent-encoded from UTF-8. */
function encodeRfc5987 (text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * A Content-Disposition value for an already safe file name (see safeFileName).
 * @example contentDisposition('inline', '12345678-Operario ✓.pdf')
 *   // inline; filename="12345678-Operario _.pdf"; filename*=UTF-8''12345678-Operario%20%E2%9C%93.pdf
 */
export function contentDisposition (type: 'inline' | 'attachment', fileName: string): string {
  const ascii = asciiFileName(fileName)
  const header = `${type}; filename="${ascii}"`
  return ascii === fileName ? header : `${header}; filename*=UTF-8''${encodeRfc5987(fileName)}`
}
