/** The spreadsheet uploads (docs/import.md): upload layer, batch limits, unreadable cells, the HISTORIAL sheet. */

/**
 * Endpoints 5 and 9 (spreadsheet uploads): plugins/multipart.ts, routes/excel/upload.ts,
 * routes/addendum/index.ts and src/spreadsheets.
 */
export const IMPORT_MESSAGES = {
  /** The upload layer's defaults (spec Errors rule 3); the addendum upload overrides some. */
  upload: {
    noFile: 'No se recibió ningún archivo Excel.',
    tooLarge: (size: string) => `El archivo es demasiado grande. Tamaño máximo: ${size}`, // `10 MB`, `39 KB`
    tooMany: 'Solo puedes subir 1 archivo a la vez',
    wrongField: "Campo de archivo inesperado. Usa el campo 'excel'",
    /** parts/fields limits, prototype keys, a truncated body */
    invalidMultipart: 'La solicitud multipart no es válida'
  },
  /** Endpoint 5 */
  employees: {
    // the spec's texts; the singular agrees in number (docs/import.md, "Messages a person reads")
    imported: (count: number) => count === 1 ? 'Se importó 1 empleado correctamente.' : `Se importaron ${count} empleados correctamente.`,
    missingHeaders: 'La estructura del archivo es incorrecta. Faltan columnas obligatorias.',
    headerNotFound: 'Encabezado requerido no encontrado en el archivo.',
    invalidRows: (count: number) => count === 1
      ? 'No se pudo procesar el archivo. Se encontró 1 error.'
      : `No se pudo procesar el archivo. Se encontraron ${count} errores.`,
    badType: 'Tipo de archivo no permitido', // Errors rule 3, for extension and MIME type alike
    /** `?partial=true` with refused rows (docs/import.md, "Partial import of employees"). */
    importedWithErrors: (valid: number, invalid: number) =>
      `Se ${valid === 1 ? 'importó 1 empleado' : `importaron ${valid} empleados`}; ` +
      `${invalid === 1 ? '1 fila tiene errores y no se importó' : `${invalid} filas tienen errores y no se importaron`}.`
  },
  /** Endpoint 9, D14 */
  addenda: {
    processed: 'Adendas procesadas correctamente',
    processedWithErrors: 'Adendas procesadas con errores',
    invalidRows: 'Error de validación en los datos',
    missingField: (fields: string) => `Campo requerido faltante: ${fields}`,
    noFile: 'No se recibió ningún archivo. Envía un campo "excel"',
    tooLarge: (size: string) => `El archivo excede el tamaño máximo permitido de ${size}`, // `10MB`, as the spec writes it
    badMime: (ext: string) => `Tipo de archivo no permitidos ${ext}. solo se permiten archivos Excel( .xlsx, .xls,.csv)`,
    badExtension: (ext: string) => `Extensiones de archivo no permitidas: ${ext}. Solo se permiten: .xlsx, .xls, .csv`
  },
  /** Both uploads (spec endpoint 5 corrupt-file row, D20) */
  corrupt: 'El archivo Excel está corrupto o no es un archivo válido',
  /** Both uploads: a workbook with a cell far below the rows the batch limit allows. */
  rowsPastLimit: (lastRow: number, allowed: number) =>
    `El archivo tiene demasiadas filas: la hoja usa filas hasta la ${lastRow} y se admiten hasta la ${allowed}. Borra las filas sobrantes debajo de los datos.`,
  /** Both uploads: workbooks that would cost the reader seconds and gigabytes (docs/import.md). */
  tooManySheets: (count: number, limit: number) =>
    `El archivo tiene demasiadas hojas: ${count}; se admiten hasta ${limit}. Deja solo la hoja de datos.`,
  tooManyStrings: (count: number, limit: number) =>
    `El archivo tiene demasiados textos: ${count}; se admiten hasta ${limit}. Guarda solo la hoja de datos en un libro nuevo.`,
  tooManyCells: (count: number, limit: number) =>
    `La hoja tiene demasiadas celdas: ${count}; se admiten hasta ${limit}. Borra las celdas que no son datos de la importación.`,
  /** Both uploads: a header row and no data row (D5: a batch holds at least 1 employee). */
  noRows: 'El archivo no contiene datos: agrega al menos una fila debajo de los encabezados.'
} as const

/** D5: the text of every batch limit (JSON bodies and uploads alike). */
export function batchLimitMessage (limit: number): string {
  return `Máximo ${limit} empleados por lote`
}

/**
 * Uploads over the D5 limit: the spec fixes the envelope message (batchLimitMessage), so how many
 * rows came and how to split goes in `data.hint` (docs/import.md). `received` undefined: not counted.
 */
export function batchSplitHint (limit: number, received: number | undefined): string {
  if (received === undefined) {
    return `El archivo tiene más de ${limit} filas con datos. Divídelo en archivos de hasta ${limit} filas, cada uno con la fila de encabezados.`
  }
  return `El archivo tiene ${received} filas con datos y se admiten hasta ${limit} por lote. ` +
    `Divídelo en ${Math.ceil(received / limit)} archivos de hasta ${limit} filas, cada uno con la fila de encabezados.`
}

/**
 * Spreadsheet cells that cannot be read into a value without guessing (D12): row errors of both
 * imports, on the field of the cell.
 */
export const CELL_MESSAGES = {
  /** `#N/A`, `#REF!`… : a formula that failed in the spreadsheet program. */
  excelError: (code: string) => `Celda con error de Excel (${code})`,
  /** `1.500`: a lone dot then exactly three digits reads as 1.5 or as 1500. */
  ambiguousAmount: (text: string, decimal: string, thousands: string) =>
    `El sueldo "${text}" es ambiguo: puede leerse como ${decimal} o como ${thousands}. Escríbelo como ${thousands} o ${Number(thousands).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  /** A date cell of the right shape that no calendar has (31/11/2026), not D10's format text (docs/import.md). */
  impossibleDate: (text: string, monthName: string | undefined, days: number | undefined) => monthName === undefined
    ? `La fecha ${text} no existe: el mes debe estar entre 01 y 12.`
    : `La fecha ${text} no existe: ${monthName} de ${text.slice(6)} tiene ${days} días.`,
  /** Warnings of an upload (docs/import.md, "Warnings"): facts the service added to a value it kept. */
  paddedDni: (read: string, padded: string) =>
    `El DNI ${read} tenía menos de 8 dígitos (la hoja lo guardó como número y perdió los ceros iniciales): se leyó como ${padded}.`,
  dateFromText: (text: string) => `La fecha ${text} estaba escrita como texto, no como fecha: se leyó como día/mes/año.`,
  /** The same DNI (or document number) on two rows of one upload. */
  duplicateDni: (firstRow: number) => `DNI duplicado: ya aparece en la fila ${firstRow}`
} as const

/**
 * The upload's HISTORIAL sheet: earlier contracts HR enters once (src/spreadsheets/history-import.ts,
 * docs/import.md "The HISTORIAL sheet"; LPCL art. 74).
 */
export const HISTORY_IMPORT_MESSAGES = {
  /** The top message of a 400 on the sheet's rows; each item names the sheet, row and column. */
  invalidRows: (count: number) => count === 1
    ? 'No se pudo procesar el archivo: la hoja HISTORIAL tiene 1 error. No se registró nada.'
    : `No se pudo procesar el archivo: la hoja HISTORIAL tiene ${count} errores. No se registró nada.`,
  missingHeaders: 'La hoja HISTORIAL no tiene todas sus columnas obligatorias: DNI, MODALIDAD, FECHA DE INGRESO, FECHA DE CESE y CARGO.',
  headerNotFound: 'Encabezado requerido no encontrado en la hoja HISTORIAL.',
  tooManyRows: (limit: number) => `La hoja HISTORIAL tiene más de ${limit} filas con datos: divida el historial en varios archivos.`,
  modality: (codes: readonly string[]) => `La modalidad debe ser una de ${codes.join(', ')} (número de artículo o nombre de la modalidad)`,
  probationMonths: 'MESES DE PRUEBA debe ser un número entero de meses de 0 a 12',
  tooManyForWorker: (limit: number) => `Se admiten hasta ${limit} contratos anteriores por trabajador en un archivo`,
  /** The DNI is neither a row of the first sheet nor a worker the registry knows by name. */
  workerUnknown: (dni: string) =>
    `El DNI ${dni} no figura en la primera hoja del archivo ni en el registro de contratos: su historial necesita los ` +
    'nombres del trabajador; agregue su fila en la primera hoja de este archivo'
} as const
