/** The causes counsel reviews (routes/causes.ts): a proposal's fields and the registry's refusals. */

/** A cause's review in Spanish: `proposed`, `approved`, `retired`. */
const CAUSE_STATUS_WORDS: Record<string, string> = { proposed: 'propuesta', approved: 'aprobada', retired: 'retirada' }
const statusWord = (status: string) => CAUSE_STATUS_WORDS[status] ?? status

/**
 * The causes counsel reviews (routes/causes.ts, docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21):
 * the fields of a proposal or an edit (400 on the field), and the refusals of the registry's state
 * (404, 409). A proposal is checked as the employer profile's causes are at start-up.
 */
export const CAUSE_REVIEW_MESSAGES = {
  id: {
    required: 'falta el id de la causa',
    invalid: 'el id de la causa debe tener de 1 a 60 minúsculas, dígitos y guiones, y empezar por una minúscula o un dígito'
  },
  modality: {
    required: 'falta la modalidad de la causa (inicio o incremento de actividad, necesidades del mercado, ocasional, obra determinada o servicio específico, o temporada)',
    invalid: 'la modalidad de la causa debe ser inicio o incremento de actividad, necesidades del mercado, ocasional, obra determinada o servicio específico, o temporada'
  },
  sites: {
    required: 'faltan las sedes de la causa (sites)',
    invalid: 'sites debe ser una lista de 1 a 200 nombres de sedes del empleador, sin repetir'
  },
  site: { required: 'falta el nombre de la sede', invalid: 'cada sede debe tener entre 1 y 100 caracteres' },
  text: {
    required: 'falta el texto de la causa',
    invalid: 'el texto de la causa debe tener entre 30 y 1000 caracteres, sin saltos de línea ni caracteres de control: ' +
      'una oración que describa la necesidad concreta y temporal que justifica contratar a plazo (art. 72 de la LPCL)'
  },
  period: { required: 'falta el periodo de la causa (period: {from, to})', invalid: 'period debe ser {from, to}' },
  periodFrom: { required: 'falta el inicio del periodo de la causa (period.from)', invalid: 'period.from debe ser una fecha DD/MM/YYYY' },
  periodTo: { required: 'falta el fin del periodo de la causa (period.to)', invalid: 'period.to debe ser una fecha DD/MM/YYYY' },
  justifies: {
    required: 'faltan los días y horas que la causa justifica (justifies: {days, from, to})',
    invalid: 'justifies debe ser {days, from, to}, o null para una causa que justifica cualquier jornada'
  },
  justifiesDays: { required: 'faltan los días que la causa justifica (justifies.days)', invalid: 'justifies.days debe tener entre 1 y 100 caracteres' },
  justifiesFrom: { required: 'falta la hora desde la que la causa justifica trabajo', invalid: 'justifies.from debe ser HH:MM' },
  justifiesTo: { required: 'falta la hora hasta la que la causa justifica trabajo', invalid: 'justifies.to debe ser HH:MM' },
  status: { required: 'status debe ser proposed, approved o retired', invalid: 'status debe ser proposed, approved o retired' },
  /** PATCH without any field. */
  emptyEdit: 'Envía al menos uno de modality, sites, text, period, activityStart o justifies',
  /** What the employer profile cannot print (src/employer/reviewed-causes.ts causeFindings). */
  /** `modality`: the modality's name (modalityInWords), or the text typed quoted. */
  notPrintedModality: (modality: string) =>
    `${modality} no es una modalidad que se contrate por una causa revisada: inicio o incremento de actividad, necesidades del mercado, ocasional, obra determinada o servicio específico, o temporada (la suplencia, art. 61 ` +
    'de la LPCL, tiene por causa el reemplazo mismo de la persona suplida)',
  unknownSite: (site: string, names: readonly string[]) =>
    `${site} no es una sede del empleador: la causa es la necesidad de un centro de trabajo. Las sedes son: ${names.join(', ')}`,
  siteModality: (site: string, modality: string) =>
    `La sede ${site} no contrata en la modalidad ${modality}: una causa de esa modalidad no puede ser de esa sede`,
  activityStart: {
    required: 'falta el inicio de la actividad (activityStart)',
    invalid: 'activityStart debe ser una fecha DD/MM/YYYY'
  },
  /** §34: an art. 57 cause without the day its activity began. */
  activityStartMissing: 'Una causa de inicio o incremento de actividad (art. 57 de la LPCL) indica la fecha en que empezó ' +
    'esa actividad (activityStart): los contratos por esa causa caben solo en los tres años siguientes',
  /** §34: an art. 57 cause whose period runs past 36 months after its activity began. */
  activityTooLong: (start: string, lastDay: string, to: string) =>
    `La actividad empezó el ${start}: una causa de inicio o incremento de actividad cubre como máximo tres años desde ` +
    `entonces (art. 57 de la LPCL), hasta el ${lastDay}; el periodo de la causa termina el ${to}`,
  /** §34: an art. 57 cause whose period starts before its activity. */
  periodBeforeActivity: (start: string, from: string) =>
    `El periodo de la causa empieza (${from}) antes de que empiece la actividad (${start}): la causa de inicio o incremento ` +
    'de actividad existe desde que la actividad empieza (art. 57 de la LPCL)',
  periodBackwards: (from: string, to: string) => `El periodo de la causa termina (${to}) antes de empezar (${from})`,
  seasonTooLong: (from: string, to: string) =>
    `Una temporada (art. 67 de la LPCL) es una época del año y no dura más de un año: del ${from} al ${to} dura más; una ` +
    'necesidad que se repite cada año es una temporada por cada año',
  justifiesUnreadable: (days: string, from: string, to: string) =>
    `No se pueden leer los días y horas "${days} de ${from} a ${to}": los días se escriben como "lunes a viernes", ` +
    '"lunes, miércoles y viernes" o "lunes a domingo", y las horas de inicio y fin deben ser distintas',
  /** 404. */
  notFound: 'No existe una causa con ese id',
  /** 409 on a proposal whose id is taken. */
  idTaken: (id: string, status: string) =>
    `Ya existe la causa ${id} (${statusWord(status)}): elige otro id, o envía la propuesta sin id y el servicio lo genera a partir del texto`,
  /** 409 on a proposal or edit that says what another cause says. */
  textTaken: (id: string, status: string) =>
    `La causa ${id} (${statusWord(status)}) ya tiene ese texto para un periodo que se superpone: una necesidad se registra una sola vez por periodo (puede proponerse de nuevo para otras fechas)`,
  /** 409: only a proposal is edited or approved. */
  notProposed: (id: string, status: string) =>
    `La causa ${id} está ${statusWord(status)}: solo una propuesta se edita o se aprueba. Una causa aprobada no cambia, pues ` +
    'los contratos que la imprimieron la citan; otra redacción es una nueva propuesta',
  /** 409: retired already. */
  alreadyRetired: (id: string) => `La causa ${id} ya está retirada`
} as const
