/** D12: turning a spreadsheet cell into the value of a record field. */
import { CELL_MESSAGES } from '../../schemas/messages.js'
import type { ColumnKind } from './columns.js'
import type { Cell } from './sheet.js'

/** A cell that cannot become a value without guessing: a row error on its field, with this text. */
export interface CellProblem {
  problem: string
}

/**
 * The error values a spreadsheet program shows for a formula that failed; a cached formula error
 * reaches us as the cell's error value (.xlsx/.xls) or as this text (a CSV export).
 */
export const EXCEL_ERROR_CODES: ReadonlySet<string> = new Set([
  '#N/A', '#REF!', '#VALUE!', '#DIV/0!', '#NAME?', '#NULL!', '#NUM!',
  '#SPILL!', '#CALC!', '#GETTING_DATA', '#FIELD!', '#BLOCKED!', '#CONNECT!', '#BUSY!', '#UNKNOWN!', '#EXTERNAL!'
])

/**
 * `1.500`, `S/. 23.500`: one dot followed by exactly three digits, after 1 to 3 digits, reads as
 * a decimal amount (1.5) or as grouped thousands (1500): neither may be assumed.
 */
function ambiguousAmount (text: string): CellProblem | undefined {
  const digits = text.trim().replace(/^(?:S\/\.?|PEN)\s*/i, '').replace(/[\s\u00a0]/g, '')
  const match = /^([1-9]\d{0,2})\.(\d{3})$/.exec(digits)
  if (match === null) return undefined
  return { problem: CELL_MESSAGES.ambiguousAmount(digits, String(Number(digits)), match[1] + match[2]) }
}

/**
 * `1,500.00` → 1500, `S/. 1500` → 1500, `S/ 2,300.50` → 2300.5, `1500,50` → 1500.5,
 * `1.500,00` → 1500; undefined for anything that is not an amount. With both separators the
 * last one is the decimal mark; a lone `,` followed by groups of three digits groups thousands
 * (Peruvian `1,500`), otherwise it is a decimal comma; a lone `.` is a decimal point (a lone `.`
 * then exactly three digits is refused before this by cellValue as ambiguous).
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
 * is left-padded with zeros (spreadsheets drop leading zeros), and so is a digits-only DNI of 1 to
 * 7 digits from a CSV, whose cells have no type (`untyped`); a DNI typed as text in a workbook is
 * kept as it is. A salary may be a number or an amount in text (`1,500.00`, `S/. 1500`). A date
 * cell is already `DD/MM/YYYY`; a date typed as text is kept (single-digit day or month padded)
 * for the schema to check as a real date (D10). Values that do not convert are passed on
 * unchanged so that the schema reports them with the field's message.
 * @returns a CellProblem for an Excel error value (`#N/A`…) in any column, for an ambiguous
 *   salary text (`1.500`), and for a cell over its length cap (its message)
 */
export function cellValue (cell: Cell, columnKind: ColumnKind, untyped = false): string | number | CellProblem {
  if (cell.kind === 'overCap') return { problem: cell.value } // too long to read (cell-caps.ts)
  if (cell.kind === 'number') {
    if (columnKind === 'salary') return cell.value
    if (columnKind === 'dni' && Number.isInteger(cell.value) && cell.value >= 0 && cell.value < 1e8) {
      return String(cell.value).padStart(8, '0')
    }
    return String(cell.value)
  }
  const text = cell.value.trim()
  if (EXCEL_ERROR_CODES.has(text.toUpperCase())) return { problem: CELL_MESSAGES.excelError(text.toUpperCase()) }
  if (cell.kind === 'text') {
    if (columnKind === 'salary') return ambiguousAmount(text) ?? parseAmount(text) ?? text
    if (columnKind === 'date') return padDate(text)
    if (columnKind === 'dni' && untyped && /^\d{1,7}$/.test(text)) return text.padStart(8, '0')
  }
  return text
}
