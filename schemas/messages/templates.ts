/** The import templates' notes and instructions sheet. */

/**
 * The import templates (`GET /api/templates/employees.xlsx`, `addenda.xlsx`, docs/import.md):
 * the note of each column (the input message a spreadsheet shows on its cells) and the
 * instructions sheet. Keys are record fields (src/spreadsheets/columns.ts).
 */
export const TEMPLATE_MESSAGES = {
  notes: {
    name: 'Nombres del trabajador, solo letras y espacios (2 a 50).',
    lastNameFather: 'Apellido paterno, solo letras y espacios.',
    lastNameMother: 'Apellido materno, solo letras y espacios.',
    dni: 'DNI de 8 dígitos. La columna es de texto: escribe los ceros iniciales (01234567).',
    email: 'Correo del trabajador (nombre@dominio.pe).',
    address: 'Domicilio del trabajador, como figurará en el contrato.',
    province: 'Provincia del domicilio.',
    district: 'Distrito del domicilio.',
    department: 'Departamento del domicilio.',
    position: 'Cargo: elige uno del catálogo del empleador.',
    subDivisionOrParking: 'Playa o estacionamiento donde trabajará.',
    salary: 'Sueldo mensual en soles, número (1500 o 1500.50).',
    salaryInWords: 'Opcional: si lo dejas vacío, el servicio lo escribe a partir del sueldo. Si lo escribes, debe decir el mismo monto.',
    entryDate: 'Fecha de inicio, DD/MM/AAAA (por ejemplo 01/12/2026).',
    endDate: 'Fecha de término, DD/MM/AAAA; no antes del inicio.',
    contractType: 'Planilla, Part Time o Subsidio.',
    sex: 'M, F, Masculino o Femenino: obligatorio para generar el contrato o la adenda (su género gramatical y el cargo en su forma).',
    birthDate: 'DD/MM/AAAA: obligatoria para generar el contrato o la adenda (y para Vida Ley y SCTR).',
    replacementFor: 'Solo Subsidio (obligatorio): nombre de la persona a quien se suple.',
    reasonForSubstitution: 'Solo Subsidio (obligatorio): motivo de la suplencia. No se imprime: el contrato imprime la CAUSAL DE SUSPENSIÓN.',
    timeForCompany: 'Opcional: tiempo de servicio en la empresa.',
    workingCondition: 'Subsidio (obligatoria para generar su contrato): condición laboral de la persona suplida. Opcional en los demás tipos.',
    probationaryPeriod: 'Subsidio (obligatorio para generar su contrato): período de prueba en meses o días ("3 meses", "15 días", "sin periodo de prueba"). Opcional en los demás tipos.',
    signingDate: 'Opcional: fecha de suscripción, DD/MM/AAAA.',
    weeklyHours: 'Opcional: horas semanales de la jornada.',
    workDays: 'Opcional: días de trabajo (por ejemplo, lunes a sábado).',
    workSchedule: 'Opcional: horario (por ejemplo, 08:00 a 16:00).',
    objectiveCause: 'Causa objetiva revisada del empleador, por su texto (elige una de la lista; no se admite otro texto). Si la dejas vacía se usa la única causa de la playa y la modalidad que cubre el plazo y la jornada; si hay varias, la fila lo dirá.',
    causeId: 'Opcional: el código de una causa revisada. Basta elegir su texto en CAUSA OBJETIVA.',
    replacedWorkerDni: 'Subsidio (obligatorio para generar su contrato): DNI de 8 dígitos de la persona suplida.',
    replacedWorkerPosition: 'Subsidio (obligatorio para generar su contrato): cargo de la persona suplida.',
    modality: 'Opcional: modalidad del contrato; elige una de la lista.',
    probationReason: 'Solo para un periodo de prueba mayor de 3 meses: calificado o confianza (hasta 6), direccion (hasta 12), si el catálogo lo admite para el cargo.',
    substitutionGround: 'Solo Subsidio: causal de la suplencia (elige una de la lista); si la dejas vacía, se reconoce del motivo si nombra una sola.',
    substitutionDocument: 'Ya no se usa: deja esta columna vacía e indica el documento en TIPO, N.º y FECHA DE DOCUMENTO DE SUSTENTO.',
    'supportDocument.kind': 'Solo Subsidio, opcional: tipo del documento que sustenta la causal (elige uno de la lista: CITT de EsSalud, certificado médico, resolución de licencia…).',
    'supportDocument.number': 'Solo Subsidio, con el tipo: solo el número del documento (A-123456789, 045-2026-OPE), sin texto después ni diagnóstico.',
    'supportDocument.date': 'Solo Subsidio, con el tipo: fecha del documento, DD/MM/AAAA; no posterior a hoy.',
    absenceFrom: 'Solo Subsidio, opcional: inicio de la ausencia de la persona suplida, DD/MM/AAAA.',
    absenceTo: 'Solo Subsidio (obligatorio para generar su contrato): fin previsto de la ausencia, DD/MM/AAAA; el contrato no puede terminar después.',
    positionProfile: 'Opcional: perfil del puesto.',
    division: 'División o área.',
    documentNumber: 'DNI de 8 dígitos. La columna es de texto: escribe los ceros iniciales.',
    worker: 'Nombres y apellidos del trabajador.',
    start: 'Inicio del contrato que se prorroga, DD/MM/AAAA.',
    end: 'Fin del contrato que se prorroga, DD/MM/AAAA.',
    startAddendum: 'Inicio de la adenda: el día siguiente al fin del contrato, DD/MM/AAAA.',
    endAddendum: 'Fin de la adenda, DD/MM/AAAA.',
    originalSigningDate: 'Opcional: fecha de suscripción del contrato original, DD/MM/AAAA.',
    causeUpdate: 'Obligatoria para generar la adenda: una oración completa que diga por qué subsiste la necesidad (por ejemplo, "La necesidad subsiste porque las obras continúan hasta junio").',
    originalSalary: 'Obligatorio para generar la adenda: sueldo mensual del contrato que se prorroga, número.',
    salaryReductionAgreed: 'SÍ solo si el trabajador aceptó expresamente un sueldo menor al anterior (la adenda lo hace constar); si no, NO o vacío.',
    // the addendum table's own meaning of a shared field
    'addendum.salaryInWords': 'Opcional: si lo dejas vacío, el servicio lo escribe a partir del sueldo. Si lo escribes (MIL QUINIENTOS Y 00/100 SOLES), debe decir el mismo monto.',
    'addendum.entryDate': 'Fecha de ingreso del trabajador a la empresa, DD/MM/AAAA.',
    'addendum.department': 'Departamento del domicilio.',
    'addendum.modality': 'Obligatoria para generar la adenda: modalidad del contrato que se prorroga; elige una de la lista.',
    'addendum.position': 'Obligatorio para generar la adenda: cargo del contrato que se prorroga, del catálogo del empleador.',
    'addendum.causeId': 'Déjala vacía si este servicio emitió el contrato que se prorroga: se toma la causa que imprimió. Si no, es obligatoria: el texto de la causa revisada de ese contrato (elige uno de la lista).',
    'addendum.substitutionGround': 'Solo la adenda de una suplencia (obligatoria para generarla): causal por la que la persona suplida sigue ausente (elige una de la lista).',
    'addendum.absenceTo': 'Solo la adenda de una suplencia (obligatorio para generarla): nuevo fin previsto de la ausencia, DD/MM/AAAA; la adenda no puede terminar después.',
    'addendum.signingDate': 'Opcional: fecha de firma de la adenda, DD/MM/AAAA; no antes de hoy ni después del fin del contrato. Si la dejas vacía, la de hoy.',
    // the HISTORIAL sheet's columns (earlier contracts, docs/import.md)
    'history.dni': 'DNI de 8 dígitos del trabajador. Si aún no tiene contratos emitidos por el servicio, debe tener su fila en la hoja de empleados (de ahí se toman sus nombres).',
    'history.modality': 'Modalidad del contrato anterior: número de artículo (57, 58, 60, 61, 63, 67) o su nombre; elige una de la lista.',
    'history.entryDate': 'Inicio del contrato anterior, DD/MM/AAAA.',
    'history.endDate': 'Cese del contrato anterior, DD/MM/AAAA; no antes del inicio.',
    'history.position': 'Cargo que ocupó en ese contrato (cuenta para no repetir el periodo de prueba en el mismo puesto).',
    'history.probationMonths': 'Opcional: meses de periodo de prueba que cumplió en ese contrato, número entero de 0 a 12.'
  } as Record<string, string>,
  /** The HISTORIAL sheet of the employee template: the note beside its headers and the instructions' line. */
  historyNote: 'HISTORIAL (opcional): contratos anteriores del trabajador que este servicio no emitió, una fila por contrato. ' +
    'Se registran una sola vez al subir el archivo y cuentan para los cinco años y el máximo de cada modalidad (art. 74 de la LPCL) ' +
    'y para no repetir el periodo de prueba en el mismo puesto. Déjala vacía si no hay contratos anteriores.',
  historyInstruction: 'También se lee la hoja "HISTORIAL", que es opcional: registra los contratos anteriores que este servicio no emitió (DNI, MODALIDAD, ' +
    'FECHA DE INGRESO, FECHA DE CESE, CARGO, MESES DE PRUEBA). Una fila con errores rechaza el archivo; no cambies el nombre de la hoja.',
  required: 'Obligatoria',
  requiredForDocuments: 'Obligatoria para generar el contrato o la adenda',
  /** An adendas column the registry fills when the service issued the contract (docs/import.md). */
  requiredUnlessRecorded: 'Obligatoria solo si este servicio no emitió el contrato (si lo emitió, se toma del registro)',
  optional: 'Opcional',
  listError: 'Elige un valor de la lista.',
  instructionsTitle: (what: string) => `Cómo llenar la plantilla de ${what}`,
  instructions: (sheet: string, maxRows: number) => [
    `Escribe los datos en la hoja "${sheet}", una fila por persona, debajo de los encabezados de la fila 1.`,
    'El servicio lee solo la primera hoja: no cambies el orden de las hojas ni borres la fila de encabezados.',
    'Las columnas en amarillo son obligatorias; las demás pueden quedar vacías o borrarse.',
    ...(sheet === 'Adendas'
      ? ['Si este servicio emitió el contrato que se prorroga, basta el DNI, FIN ADENDA y lo que cambia: el resto se toma del registro.']
      : []),
    'Al seleccionar una celda verás la nota de su columna; donde hay una lista, elige un valor de ella.',
    'Fechas: DD/MM/AAAA (día/mes/año). DNI: 8 dígitos, con sus ceros iniciales.',
    `Hasta ${maxRows} filas por archivo; si tienes más, divídelas en varios archivos con la misma fila de encabezados.`,
    'Guarda como .xlsx (también se aceptan .xls y .csv).'
  ],
  columnsHeader: ['Columna', '¿Obligatoria?', 'Qué escribir', 'Valores de la lista'] as const,
  /** The first sheet has no known header but another sheet has them (the reader reads only the first). */
  headersInOtherSheet: (first: string, other: string) =>
    `Solo se lee la primera hoja del archivo ("${first}") y no tiene los encabezados; están en la hoja "${other}". ` +
    'Mueve esa hoja al primer lugar o copia sus datos a la primera hoja.'
}
