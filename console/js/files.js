/**
 * Reading files in the browser with the service's own libraries, served from /app/vendor/:
 * SheetJS for a refused sheet's rows (display only: the service validates), fflate for a
 * downloaded ZIP. Both are loaded on first use.
 */

const SHEETJS_URL = new URL('../vendor/xlsx.mjs', import.meta.url).href
const FFLATE_URL = new URL('../vendor/fflate.js', import.meta.url).href

/**
 * The first sheet's rows as text, `rows[0]` being spreadsheet row 1, or undefined when the
 * browser cannot read the file (the errors are then shown without the rows).
 * @param {File} file
 * @returns {Promise<string[][] | undefined>}
 */
export async function readSheetRows (file) {
  try {
    /** @type {any} */
    const XLSX = await import(SHEETJS_URL)
    const book = XLSX.read(new Uint8Array(await file.arrayBuffer()), { type: 'array', sheetRows: 5000, dense: true })
    const sheet = book.Sheets[book.SheetNames[0]]
    if (sheet === undefined || sheet['!ref'] === undefined) return []
    const first = XLSX.utils.decode_range(sheet['!ref']).s.r
    /** @type {string[][]} */
    const rows = XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: true })
    return [...Array.from({ length: first }, () => []), ...rows]
  } catch {
    return undefined
  }
}

/**
 * Every entry of a ZIP (names as stored, folders left out).
 * @param {Uint8Array} bytes
 * @returns {Promise<Map<string, Uint8Array>>}
 */
export async function readZip (bytes) {
  /** @type {any} */
  const fflate = await import(FFLATE_URL)
  /** @type {Record<string, Uint8Array>} */
  const entries = fflate.unzipSync(bytes)
  return new Map(Object.entries(entries).filter(([name]) => !name.endsWith('/')))
}

/**
 * The text of `errores.txt` in a ZIP (D19), or undefined when the archive has none.
 * @param {Map<string, Uint8Array>} entries
 */
export function errorsFileText (entries) {
  const bytes = entries.get('errores.txt')
  return bytes === undefined ? undefined : new TextDecoder('utf-8').decode(bytes)
}
