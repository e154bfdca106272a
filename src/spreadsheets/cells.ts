/** D12: turning a spreadsheet cell into the value of a record field. */
import type { ColumnKind } from './columns.js'
import type { Cell } from './sheet.js'

/**
 * `1,500.00` → 1500, `S/. 1500` → 1500, `S/ 2,300.50` → 2300.5, `1500,50` → 1500.5,
 * `1.500,00` → 1500; undefined for anything that is not an amount. With both separators the
 * last one is the decimal mark; a lone `,` followed by groups of three digits groups thousands
 * (Peruvian `1,500`), otherwise it is a decimal comma; a lone `.` is a decimal point.
 */
export function parseAmount (text: string): number | undefined {
  let digits = text.trim().replace(/^(?:S\/\.?|PEN)\s*/i, '').replace(/[\s\u00a0]/g, '')
  if (!/^\d[\d.,]*$/.test(digits)) return undefined
  const lastComma = digits.lastIndexOf(',')
  const lastDot = digits.lastIndexOf('.')
  if (lastComma >= 0 && lastDot >= 0) {
    const [group, decimal] = lastComma > lastDot ? ['.', ','] : [',', '.']
    digits = digits.split(group).join('').replace(decimal, '.')
  } else if (lastComma >= 0) {
    digits = /^\d{1,3}(,\d{3})+$/.test(digits) ? digits.replace(/,/g, '') : digits.replace(',', '.')
  } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(digits)) {
    digits = digits.replace(/\./g, '') // 1.500.000
  }
  if (!/^\d+(\.\d+)?$/.test(digits)) return undefined
  return Number(digits)
}

/** `1/2/2024` → `01/02/2024`; other text is left for the date format to judge. */
function padDate (text: string): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text)
  return match === null ? text : `${match[1].padStart(2, '0')}/${match[2].padStart(2, '0')}/${match[3]}`
}

/**
 * The field value of a cell (D12). Text is trimmed. A numeric DNI cell with fewer than 8 digits
 * is left-padded with zeros (spreadsheets drop leading zeros); a DNI typed as text is kept as it
 * is. A salary may be a number or an amount in text (`1,500.00`, `S/. 1500`). A date cell is
 * already `DD/MM/YYYY`; a date typed as text is kept (single-digit day or month padded) for the
 * schema to check as a real date (D10). Values that do not convert are passed on unchanged so
 * that the schema reports them with the field's message.
 */
export function cellValue (cell: Cell, columnKind: ColumnKind): string | number {
  if (cell.kind === 'number') {
    if (columnKind === 'salary') return cell.value
    if (columnKind === 'dni' && Number.isInteger(cell.value) && cell.value >= 0 && cell.value < 1e8) {
      return String(cell.value).padStart(8, '0')
    }
    return String(cell.value)
  }
  const text = cell.value.trim()
  if (cell.kind === 'text') {
    if (columnKind === 'salary') return parseAmount(text) ?? text
    if (columnKind === 'date') return padDate(text)
  }
  return text
}
