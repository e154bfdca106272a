/** The refusals of a contract's or adenda's objective cause and site, on every route that makes documents. */

/** Arts. 53 and 72 of the LPCL, the ground of every refusal of a cause (DOCUMENT-REQUIREMENTS §21). */
const CAUSE_LAW = 'un contrato sujeto a modalidad solo es válido por una causa objetiva real y concreta que conste por escrito ' +
  '(arts. 53 y 72 de la LPCL); sin ella, o con una simulada, es de duración indeterminada (art. 77 d)'
/** What would be lawful instead: the reviewed causes that fit this contract (each by its text), or that none does. */
const fitting = (causes: readonly string[]) => causes.length === 0
  ? 'Ninguna causa objetiva revisada del empleador se ajusta a esta sede, modalidad, plazo y jornada'
  : causes.length === 1 ? `Se ajusta a este contrato la causa revisada ${causes[0]}` : `Se ajustan a este contrato las causas revisadas ${causes.join('; ')}`

/**
 * Refusals of a contract's or adenda's cause and site (src/employees/contract-causes.ts; DOCUMENT-REQUIREMENTS
 * §21, §28): a 400 on `causeId`, `objectiveCause`, `subDivisionOrParking` or `modality` on every route that
 * makes or previews the document, and in the uploads' issue lists. Each states the law and what would
 * be lawful (the reviewed causes that fit: `fits`), never a way around it. In HR's words: a cause
 * (`id`, `fits`, `ids`) is named by its text (src/employer/reviewed-causes.ts causeInWords), a
 * modality by its legal name (src/vocabulary/modality.ts modalityInWords), never by id or article number.
 */
export const CAUSE_MESSAGES = {
  unknownSite: (site: string, names: readonly string[]) =>
    `La sede ${site} no es un centro de trabajo del empleador: el contrato indica el lugar donde se presta el servicio, ` +
    `y la causa objetiva se da en él. Las sedes del empleador son: ${names.join(', ')}`,
  modalityNotAtSite: (site: string, modality: string, allowed: readonly string[]) =>
    `La sede ${site} no contrata en la modalidad ${modality}: las modalidades de esa sede son ${allowed.join(', ')}`,
  unknownCause: (id: string, fits: readonly string[]) =>
    `La causa ${id} no es una de las causas objetivas revisadas del empleador: ${CAUSE_LAW}. ${fitting(fits)}`,
  otherModality: (id: string, causeModality: string, modality: string, fits: readonly string[]) =>
    `La causa ${id} es de la modalidad ${causeModality}, no de la ${modality}: la modalidad del contrato es la que su causa ` +
    `objetiva justifica (art. 72 de la LPCL). ${fitting(fits)}`,
  otherSite: (id: string, sites: readonly string[], site: string, fits: readonly string[]) =>
    `La causa ${id} es de ${sites.length === 1 ? 'la sede' : 'las sedes'} ${sites.join(', ')}, no de ${site}: la causa objetiva ` +
    `es la necesidad del centro de trabajo donde se presta el servicio. ${fitting(fits)}`,
  outsidePeriod: (id: string, from: string, to: string, fits: readonly string[]) =>
    `La causa ${id} cubre del ${from} al ${to}: el plazo del contrato debe quedar dentro de ese periodo, pues un contrato sujeto ` +
    `a modalidad dura lo que dura su causa (arts. 53 y 72 de la LPCL). ${fitting(fits)}`,
  extensionOutsidePeriod: (id: string, from: string, to: string) =>
    `La causa ${id} cubre del ${from} al ${to}: la prórroga debe quedar dentro de ese periodo, pues la contratación sujeta a ` +
    'modalidad dura lo que dura su causa (arts. 53 y 72 de la LPCL); una necesidad que continúa después es otra causa, que el ' +
    'asesor legal del empleador debe revisar antes de imprimirla',
  outsideSchedule: (id: string, justified: string, fits: readonly string[]) =>
    `La causa ${id} justifica solo trabajo ${justified}: la jornada del contrato debe quedar dentro de esos días y horas, pues ` +
    `la causa objetiva justifica solo el trabajo que la origina (art. 53 de la LPCL). ${fitting(fits)}`,
  noCause: (site: string, modality: string) =>
    `No hay una causa objetiva revisada del empleador para la sede ${site} y la modalidad ${modality}: ${CAUSE_LAW}. ` +
    'Una causa se imprime solo después de que el asesor legal del empleador la revisa',
  noCauseFits: (site: string, modality: string, described: readonly string[]) =>
    `Ninguna causa objetiva revisada para la sede ${site} y la modalidad ${modality} se ajusta al plazo y la jornada de este ` +
    `contrato (${described.join('; ')}): un contrato sujeto a modalidad dura lo que dura su causa y solo para el trabajo que ` +
    'ella justifica (arts. 53 y 72 de la LPCL)',
  severalCauses: (ids: readonly string[]) =>
    `Varias causas objetivas revisadas se ajustan a este contrato: ${ids.join('; ')}. El contrato consigna la causa concreta ` +
    'que lo motiva (art. 72 de la LPCL): indique en CAUSA cuál es',
  /**
   * A cause's period and hours, for noCauseFits
   * (`id: del 01/01/2026 al 31/12/2032, lunes a domingo de 18:00 a 06:00`).
   */
  described: (id: string, from: string, to: string, justified: string | undefined) =>
    `${id}: del ${from} al ${to}${justified === undefined ? '' : `, ${justified}`}`,
  objectiveCauseNotReviewed: 'La causa objetiva escrita en el registro no se imprime: una causa debe ser revisada por el asesor ' +
    `legal del empleador antes de poder imprimirse en un contrato, pues ${CAUSE_LAW}. El contrato lleva una de las causas ` +
    'revisadas del empleador, indicada en CAUSA',
  suplenciaHasNoCause: (id: string) =>
    `Un contrato de suplencia no lleva la causa ${id}: su causa objetiva es el reemplazo de la persona suplida, que consta ` +
    'en el contrato (art. 61 de la LPCL)',
  objectiveCauseOtherId: (textId: string, id: string) =>
    `La causa objetiva escrita es el texto de la causa revisada ${textId}, no de la ${id} indicada en CAUSA: un contrato tiene una sola causa objetiva`,
  /** The cause is a proposal in the registry (docs/registry.md "Causes"): counsel has not approved it. */
  causeProposed: (id: string, fits: readonly string[]) =>
    `La causa ${id} es una propuesta que el asesor legal del empleador aún no ha aprobado: una causa se imprime solo después ` +
    `de que el asesor legal la revisa y la aprueba, pues ${CAUSE_LAW}. ${fitting(fits)}`,
  /** The cause was retired by counsel: no new contract or adenda prints it. */
  causeRetired: (id: string, fits: readonly string[]) =>
    `La causa ${id} fue retirada por el asesor legal del empleador y ya no se imprime en contratos ni adendas nuevos: ` +
    `${CAUSE_LAW}. ${fitting(fits)}`
} as const
