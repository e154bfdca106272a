/** The probation period and the suplencia of a contract: what makes each lawful. */

/** How a probation reason is named in a message or a contract (LPCL art. 10; DOCUMENT-REQUIREMENTS §24). */
const PROBATION_REASON_LABELS: Record<string, string> = {
  calificado: 'puesto calificado', confianza: 'puesto de confianza', direccion: 'puesto de dirección'
}

/**
 * Refusals of a probation (src/employees/lawful-contract.ts; LPCL art. 10, Reglamento arts. 16, 59;
 * DOCUMENT-REQUIREMENTS §14, §24), on `probationaryPeriod` unless said.
 */
export const PROBATION_MESSAGES = {
  reasonLabel: (reason: string) => PROBATION_REASON_LABELS[reason] ?? reason,
  unreadable: 'El periodo de prueba debe indicarse en meses o en días, por ejemplo "3 meses", "1 mes", "15 días" o ' +
    '"sin periodo de prueba"',
  /** `length`: `cinco (5) meses`; `allowed`: the reasons the catalogue gives the position, each with its maximum. */
  needsReason: (length: string, allowed: string[]) => allowed.length === 0
    ? `Un periodo de prueba de ${length} supera los tres meses del art. 10 de la LPCL, y el catálogo de puestos no califica ` +
      'este cargo para uno mayor: el periodo de prueba puede ser de hasta tres meses'
    : `Un periodo de prueba de ${length} supera los tres meses del art. 10 de la LPCL: solo es válido con el motivo que el ` +
      `catálogo de puestos da a este cargo, indicado en MOTIVO DEL PERIODO DE PRUEBA: ${allowed.join(' o ')}; sin él, ` +
      'el periodo de prueba puede ser de hasta tres meses',
  /** On `probationReason`. */
  reasonUnknown: 'El motivo del periodo de prueba debe ser "calificado" o "confianza" (hasta 6 meses) o "direccion" ' +
    '(hasta 12 meses), art. 10 de la LPCL',
  /** On `probationReason`: the catalogue does not give the position that reason. */
  reasonNotForPosition: (reason: string, position: string, allowed: string[]) =>
    `El catálogo de puestos no califica el cargo ${position} como ${PROBATION_REASON_LABELS[reason] ?? reason} ` +
    '(art. 10 de la LPCL; la calificación de los puestos de dirección y de confianza es del empleador, art. 59 del ' +
    `D.S. 001-96-TR): ${allowed.length === 0 ? 'este cargo admite un periodo de prueba de hasta tres meses' : `para este cargo admite ${allowed.join(' o ')}`}`,
  overReason: (reason: string, max: number) =>
    `Un periodo de prueba por ${PROBATION_REASON_LABELS[reason] ?? reason} no puede superar ${max} meses (art. 10 de la ` +
    `LPCL): pasado ese plazo ya no es periodo de prueba, y un cese en él sería un despido arbitrario; puede ser de hasta ${max} meses`,
  notShorterThanTerm: 'El periodo de prueba debe terminar antes que el contrato: puede ser uno más corto que el plazo ' +
    '(también en días, por ejemplo "15 días") o "sin periodo de prueba"',
  partTime: 'Un contrato a tiempo parcial de menos de cuatro horas diarias no lleva periodo de prueba: a esa jornada no ' +
    'le alcanza la protección contra el despido arbitrario (art. 22 de la LPCL) que el periodo de prueba condiciona; ' +
    'corresponde "sin periodo de prueba"'
} as const

/**
 * Refusals of a suplencia (src/employees/lawful-contract.ts; LPCL arts. 12, 61, 77; DOCUMENT-REQUIREMENTS
 * §15, §25). `grounds` is the closed list by the grounds' names (src/vocabulary/substitution.ts), never
 * their codes.
 */
export const SUPLENCIA_MESSAGES = {
  /** On `substitutionGround`: a code that is not in the list. */
  groundUnknown: (grounds: string[]) =>
    'La causal de la suplencia debe ser una causa de suspensión del vínculo del art. 12 de la LPCL o el destaque ' +
    `temporal del art. 61, indicada por su nombre: ${grounds.join('; ')}`,
  /**
   * On `substitutionGround` (or `reasonForSubstitution`): a resignation, a dismissal, a vacancy…; with
   * the grounds that are lawful (their names).
   */
  noSuplencia: (grounds: string[]) =>
    'Una renuncia, un despido, un cese, una jubilación, un fallecimiento o una plaza vacante no son suplencia: ' +
    'el art. 61 de la LPCL permite cubrir solo el puesto de un trabajador estable cuyo vínculo está suspendido o que fue ' +
    'destacado temporalmente a otro puesto; un puesto sin titular se cubre con un contrato propio, no de suplencia. ' +
    `Las causales de suplencia son: ${grounds.join('; ')}`,
  /** On `substitutionGround`: the reason's text names several grounds. */
  groundAmbiguous: (named: string[], grounds: string[]) =>
    `El motivo de la suplencia menciona más de una causal (${named.join(', ')}); el contrato imprime solo la que se ` +
    `aplica, indicada en CAUSAL DE SUSPENSIÓN: ${grounds.join('; ')}`,
  /** On `substitutionGround`: the reason's text names none. */
  groundNotRecognised: (grounds: string[]) =>
    'El motivo de la suplencia no indica una causal reconocible; el contrato imprime la causal indicada en CAUSAL DE ' +
    `SUSPENSIÓN, una causa de suspensión del art. 12 de la LPCL o el destaque temporal del art. 61: ${grounds.join('; ')}`,
  /** On `replacedWorkerDni`. */
  titularIsWorker: 'El DNI de la persona suplida es el de la persona contratada: la suplencia cubre el puesto de otro ' +
    'trabajador, ausente por la causal indicada (art. 61 de la LPCL)',
  /** On `replacedWorkerPosition`. */
  titularOtherPosition: (position: string) =>
    `La persona suplida debe ocupar el puesto que se cubre (${position}, del catálogo de puestos): el art. 61 de la ` +
    'LPCL permite contratar para cubrir el puesto del titular ausente',
  /** On `workingCondition`. */
  titularNotStable: 'La condición laboral de la persona suplida debe ser estable, a plazo indeterminado (por ejemplo ' +
    '"plazo indeterminado", "indefinido" o "estable"): el art. 61 de la LPCL permite suplir solo a un trabajador estable',
  /** On `absenceTo` (§37): the expected return bounds the term. */
  absenceToRequired: 'Indique el fin previsto de la ausencia de la persona suplida (FIN DE AUSENCIA, DD/MM/AAAA): la ' +
    'suplencia dura mientras dure la ausencia y su fecha de término no puede ser posterior (art. 61 de la LPCL)',
  /** On `substitutionDocument` (§37): free text may carry a third party's health data. */
  documentAsText: 'El documento de sustento ya no se escribe como texto libre, que podría llevar datos de salud de la ' +
    'persona suplida: indique su tipo, su número y su fecha (TIPO, N.º y FECHA DEL DOCUMENTO DE SUSTENTO; en JSON, ' +
    'supportDocument: {kind, number, date})',
  /** On `supportDocument.kind`. */
  documentKindUnknown: (kinds: readonly string[]) =>
    `El tipo de documento de sustento no está en la lista; elija uno de estos: ${kinds.join('; ')}`,
  /** On `supportDocument.number` (§37: only the reference, never a diagnosis). */
  documentNumberNotReference: 'Escriba solo el número del documento de sustento (letras, dígitos y guiones, por ejemplo ' +
    'A-123456789 o 045-2026-OPE), sin texto después ni diagnóstico: el contrato no imprime datos de salud de la persona suplida',
  /** On `supportDocument.date`. */
  documentDateAfterToday: (today: string) =>
    `La fecha del documento de sustento no puede ser posterior a hoy (${today}): el documento ya debe existir`,
  /** On `substitutionGround` of a suplencia's adenda (§37: it restates the ground, which may have changed). */
  addendumGroundRequired: (grounds: readonly string[]) =>
    'La adenda de una suplencia indica la causal por la que la persona suplida sigue ausente (puede haber cambiado: ' +
    `maternidad, luego enfermedad); elija una: ${grounds.join('; ')}`,
  /** On `absenceTo` of a suplencia's adenda. */
  addendumAbsenceToRequired: 'La adenda de una suplencia indica el nuevo fin previsto de la ausencia de la persona ' +
    'suplida (FIN DE AUSENCIA, DD/MM/AAAA): la prórroga no puede ir más allá (art. 61 de la LPCL)',
  /** On `absenceTo` of a suplencia's adenda: the absence must reach the extension. */
  addendumAbsenceBeforeStart: (startAddendum: string) =>
    `El nuevo fin previsto de la ausencia es anterior al inicio de la prórroga (${startAddendum}): si la persona ` +
    'suplida ya se reincorporó, la suplencia terminó y no cabe prorrogarla (art. 61 de la LPCL)',
  /** On `endAddendum` of a suplencia's adenda. */
  addendumEndsAfterAbsence: (to: string) =>
    `La prórroga de la suplencia dura mientras dure la ausencia de la persona suplida, prevista hasta el ${to}: el fin ` +
    `de la adenda puede ser hasta el ${to} (art. 61 de la LPCL)`,
  /** On `substitutionGround`, `supportDocument` or `absenceTo` of an adenda of another modality. */
  addendumSuplenciaOnly: 'Solo la adenda de una suplencia (modalidad de suplencia, contrato de Subsidio) indica causal, ' +
    'documento de sustento y fin de ausencia',
  /** On `absenceTo`. */
  absenceEndsBeforeStart: 'El fin de la ausencia de la persona suplida no puede ser anterior a su inicio',
  /** On `entryDate`. */
  startsBeforeAbsence: (from: string) =>
    `La suplencia no puede empezar antes que la ausencia de la persona suplida (${from}): la fecha de ingreso puede ser ` +
    `desde el ${from} (art. 61 de la LPCL)`,
  /** On `endDate`. */
  endsAfterAbsence: (to: string) =>
    `La suplencia dura mientras dure la ausencia de la persona suplida, prevista hasta el ${to}: la fecha de término ` +
    `puede ser hasta el ${to} (art. 61 de la LPCL)`
} as const
