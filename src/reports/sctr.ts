/** SCTR (Seguro Complementario de Trabajo de Riesgo) workbook, spec endpoint 7. */
import type { SctrEmployee } from '../../schemas/reports.js'
import { dateCell, sexCell, solesCell, textCell, writeReportWorkbook, type ReportSheet } from './workbook.js'

/** File name of the download (spec endpoint 7). */
export const SCTR_FILENAME = 'FORMATO_SCTR.xlsx'

/** The columns in the spec's order, with the spec's fixed values. */
export const SCTR_SHEET: ReportSheet<SctrEmployee> = {
  sheet: 'SCTR',
  headerStyle: { align: 'center' },
  columns: [
    { header: 'Item', cell: (_, index) => index + 1 },
    { header: 'Apellido Paterno', cell: (e) => e.lastNameFather },
    { header: 'Apellido Materno', cell: (e) => e.lastNameMother },
    { header: 'Nombres', cell: (e) => e.name },
    { header: 'Sexo', cell: (e) => sexCell(e.sex) },
    { header: 'Fecha Nac.', cell: (e) => dateCell(e.birthDate), minWidth: 10 },
    { header: 'Nacionalidad', cell: () => 'PERUANA' },
    { header: 'Tipo Doc.', cell: () => 'DNI' },
    { header: 'Numero Doc.', cell: (e) => textCell(e.dni) },
    { header: 'DC', cell: () => null },
    { header: 'Condición', cell: () => 'P' },
    { header: 'Cargo', cell: (e) => e.position },
    { header: 'Moneda Sueldo', cell: () => 'SOLES' },
    { header: 'Sueldo', cell: (e) => solesCell(e.salary), minWidth: 14 },
    { header: 'Tasa', cell: () => 'ALTO RIESGO' },
    { header: 'Fecha Ingreso', cell: (e) => dateCell(e.entryDate), minWidth: 10 },
    { header: 'Fecha cese', cell: (e) => dateCell(e.endDate), minWidth: 10 },
    { header: 'Cod/Cliente', cell: () => null },
    { header: 'Sede', cell: () => 'PLAYA' }
  ]
}

/**
 * Builds the SCTR workbook: centred header cells, one row per employee in the order given,
 * Fecha Nac., Fecha Ingreso and Fecha cese (= endDate) as Excel serials shown DD/MM/YYYY,
 * salary shown with `S/.`, sex as M/F (D8).
 * @param employees validated records (schemas/reports.ts), 1 to BATCH_MAX of them (D5)
 * @returns the .xlsx bytes
 * @throws TypeError on a date or sex the schema should have refused (our bug, answered 500)
 */
export async function buildSctrWorkbook (employees: readonly SctrEmployee[]): Promise<Buffer> {
  return await writeReportWorkbook(SCTR_SHEET, employees)
}
