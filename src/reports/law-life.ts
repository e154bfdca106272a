/** Vida Ley (Law Life insurance) workbook, spec endpoint 6. */
import type { LawLifeEmployee } from '../../schemas/reports.js'
import { dateCell, sexCell, solesCell, textCell, writeReportWorkbook, type ReportSheet } from './workbook.js'

/** File name of the download (spec endpoint 6). */
export const LAW_LIFE_FILENAME = 'VIDA_LEY_TRAMA_INV_URB_OP.xlsx'

/** Yellow, the header fill the spec asks for. */
export const LAW_LIFE_HEADER_FILL = '#FFFF00'

/** The columns in the spec's order, with the spec's fixed values. */
export const LAW_LIFE_SHEET: ReportSheet<LawLifeEmployee> = {
  sheet: 'VIDA LEY',
  headerStyle: { fill: LAW_LIFE_HEADER_FILL },
  columns: [
    { header: 'Item', cell: (_, index) => index + 1 },
    { header: 'Apellido Paterno', cell: (e) => e.lastNameFather },
    { header: 'Apellido Materno', cell: (e) => e.lastNameMother },
    { header: 'Nombres', cell: (e) => e.name },
    { header: 'Sexo', cell: (e) => sexCell(e.sex) },
    { header: 'Fecha Nac.', cell: (e) => dateCell(e.birthDate), minWidth: 10 },
    { header: 'Tipo Doc.', cell: () => 'DNI' },
    { header: 'Numero Doc.', cell: (e) => textCell(e.dni) },
    { header: 'Condición', cell: () => 'P' }, // permanent
    { header: 'Cargo', cell: (e) => e.position },
    { header: 'Monedas Sueldo', cell: () => 'SOLES' },
    { header: 'Sueldo', cell: (e) => solesCell(e.salary), minWidth: 14 },
    { header: 'Tasa/Nivel Riesgo', cell: () => null },
    { header: 'Fec. Ingreso', cell: (e) => dateCell(e.entryDate), minWidth: 10 }
  ]
}

/**
 * Builds the Vida Ley workbook: yellow header row, one row per employee in the order given,
 * dates as Excel serials shown DD/MM/YYYY, salary shown as `S/. 1,500.00`, sex as M/F (D8).
 * @param employees validated records (schemas/reports.ts), 1 to BATCH_MAX of them (D5)
 * @returns the .xlsx bytes
 * @throws TypeError on a date or sex the schema should have refused (our bug, answered 500)
 */
export async function buildLawLifeWorkbook (employees: readonly LawLifeEmployee[]): Promise<Buffer> {
  return await writeReportWorkbook(LAW_LIFE_SHEET, employees)
}
