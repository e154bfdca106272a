/**
 * The grounds of a suplencia (LPCL art. 61; DOCUMENT-REQUIREMENTS §4, §15, §25): a closed list of the
 * suspension causes of LPCL art. 12 under which a stable titular's post may be covered, and the
 * titular's temporary transfer (destaque) to another post of the same workplace, which art. 61 also
 * covers. Each has a stable code, its Spanish name, the clause printed in the contract, and the words
 * that recognise it in the free text of `reasonForSubstitution`.
 * Left out on purpose: a strike (art. 12 h), whose strikers may not be replaced (D.S. 010-2003-TR
 * art. 70), and a fortuitous event or force majeure (art. 12 l), which suspends the work itself.
 * A resignation, a dismissal, a retirement, a death or a vacancy end the bond or leave no titular: no
 * suplencia covers them.
 */
import { foldText } from './format.js'

/** One ground: `code` is what `substitutionGround` takes; `name` is how the console lists it. */
export interface SubstitutionGround {
  code: string
  name: string
  /** The sentence printed as the suplencia's cause (only this ground's). */
  printed: string
  /** Recognises the ground in folded (foldText) free text. */
  words: RegExp
  /** A transfer, not a suspension: the contract must not say the bond is suspended. */
  transfer?: true
}

const suspension = (cause: string, letter: string) =>
  `La suspensión del vínculo laboral de la persona suplida por ${cause} (artículo 12, literal ${letter}, de la LPCL).`

/** The closed list, in the order of LPCL art. 12, the transfer last. */
export const SUBSTITUTION_GROUNDS: readonly SubstitutionGround[] = [
  {
    code: 'invalidez-temporal',
    name: 'Invalidez temporal',
    printed: suspension('invalidez temporal', 'a'),
    words: /\binvalidez\b/
  },
  {
    code: 'enfermedad-accidente',
    name: 'Enfermedad o accidente comprobados (descanso médico)',
    printed: suspension('enfermedad o accidente comprobados', 'b'),
    words: /\b(descanso medico|enfermedad|accidente|incapacidad temporal|certificado medico|citt)\b/
  },
  {
    code: 'maternidad',
    name: 'Descanso prenatal y postnatal por maternidad',
    printed: suspension('el descanso prenatal y postnatal por maternidad', 'c'),
    words: /\b(maternidad|pre ?natal|post ?natal|parto|gestacion)\b/
  },
  {
    code: 'vacaciones',
    name: 'Descanso vacacional',
    printed: suspension('el descanso vacacional', 'd'),
    words: /\b(vacaciones|vacacional)\b/
  },
  {
    code: 'cargo-civico',
    name: 'Licencia para desempeñar un cargo cívico o cumplir el Servicio Militar Obligatorio',
    printed: suspension('licencia para desempeñar un cargo cívico o cumplir el Servicio Militar Obligatorio', 'e'),
    words: /\b(cargo civico|servicio militar)\b/
  },
  {
    code: 'licencia-sindical',
    name: 'Permiso o licencia para el desempeño de cargos sindicales',
    printed: suspension('permiso o licencia para el desempeño de cargos sindicales', 'f'),
    words: /\bsindical(es)?\b/
  },
  {
    code: 'sancion-disciplinaria',
    name: 'Sanción disciplinaria',
    printed: suspension('sanción disciplinaria', 'g'),
    words: /\b(sancion|disciplinaria)\b/
  },
  {
    code: 'detencion',
    name: 'Detención, salvo condena privativa de la libertad',
    printed: suspension('detención, sin condena privativa de la libertad', 'i'),
    words: /\b(detencion|detenid[oa])\b/
  },
  {
    code: 'inhabilitacion',
    name: 'Inhabilitación administrativa o judicial por no más de tres meses',
    printed: suspension('inhabilitación administrativa o judicial por un periodo no superior a tres meses', 'j'),
    words: /\binhabilitacion\b/
  },
  {
    code: 'licencia-empleador',
    name: 'Permiso o licencia concedidos por el empleador',
    printed: suspension('permiso o licencia concedidos por EL EMPLEADOR', 'k'),
    words: /\b(licencia (sin|con) goce|permiso (personal|concedido|otorgado)|licencia (personal|concedida|otorgada))\b/
  },
  {
    code: 'paternidad',
    name: 'Licencia por paternidad (Ley N.º 29409)',
    printed: 'La suspensión del vínculo laboral de la persona suplida por licencia por paternidad (Ley N.º 29409; ' +
      'artículo 12, literal m, de la LPCL).',
    words: /\bpaternidad\b/
  },
  {
    code: 'destaque',
    name: 'Destaque temporal a otro puesto del mismo centro de trabajo',
    printed: 'El destaque temporal de la persona suplida al desempeño de otro puesto en el mismo centro de trabajo, ' +
      'por razones de orden administrativo (artículo 61 de la LPCL); su vínculo laboral no está suspendido.',
    words: /\b(destaque|destacad[oa]|reasignad[oa]|reasignacion|encargatura)\b/,
    transfer: true
  }
]

/** Text that names a reason which is no suplencia: the bond ended, or there is no titular. */
const NO_SUPLENCIA = /\b(renuncia|renuncio|despido|despedid[oa]|vacante|cese|jubilacion|jubilad[oa]|fallecimiento|fallecid[oa]|retiro)\b/

/** The ground of a code (case and accents ignored), or of its Spanish name; undefined for any other text. */
export function substitutionGround (text: string): SubstitutionGround | undefined {
  const key = foldText(text)
  return SUBSTITUTION_GROUNDS.find((ground) => ground.code === key || foldText(ground.name) === key)
}

/** What the free text of a reason says: one ground, several, a reason that is no suplencia, or none. */
export type RecognisedGround =
  | { kind: 'one', ground: SubstitutionGround }
  | { kind: 'several', grounds: SubstitutionGround[] }
  | { kind: 'noSuplencia' }
  | { kind: 'none' }

/**
 * Recognises the ground a free-text reason names ("licencia por maternidad", "descanso médico",
 * "vacaciones"): one only when exactly one ground's words are in it; a text that names a
 * resignation, dismissal, vacancy… is `noSuplencia`, whatever else it says.
 */
export function recogniseGround (text: string): RecognisedGround {
  const folded = foldText(text)
  if (NO_SUPLENCIA.test(folded)) return { kind: 'noSuplencia' }
  const grounds = SUBSTITUTION_GROUNDS.filter((ground) => ground.words.test(folded))
  if (grounds.length === 1) return { kind: 'one', ground: grounds[0] }
  return grounds.length === 0 ? { kind: 'none' } : { kind: 'several', grounds }
}

/** Whether a code or text names a reason that is no suplencia (a resignation, a dismissal, a vacancy…). */
export function namesNoSuplencia (text: string): boolean {
  return NO_SUPLENCIA.test(foldText(text))
}

/**
 * The ground of a suplencia record: its `substitutionGround` (code or name), else the one its
 * `reasonForSubstitution` names unambiguously. Undefined when neither gives one ground (the rules
 * refuse such a record before a document is made).
 */
export function recordGround (
  record: { substitutionGround?: string, reasonForSubstitution?: string }
): SubstitutionGround | undefined {
  if (record.substitutionGround !== undefined) return substitutionGround(record.substitutionGround)
  if (record.reasonForSubstitution === undefined) return undefined
  const recognised = recogniseGround(record.reasonForSubstitution)
  return recognised.kind === 'one' ? recognised.ground : undefined
}

/**
 * A kind of document that supports a suplencia's ground (DOCUMENT-REQUIREMENTS §37): `code` or `name`
 * is what `supportDocument.kind` takes (`GET /api/profile` publishes them as `supportDocumentKinds`);
 * `printed` is how the contract names it, with no word about the titular's health.
 */
export interface SupportDocumentKind { code: string, name: string, printed: string }

/** The closed list of supporting documents (§37): the evidence of each ground of SUBSTITUTION_GROUNDS. */
export const SUPPORT_DOCUMENT_KINDS: readonly SupportDocumentKind[] = [
  { code: 'citt', name: 'CITT de EsSalud', printed: 'Certificado de Incapacidad Temporal para el Trabajo (CITT) de EsSalud' },
  { code: 'certificado-medico', name: 'Certificado médico', printed: 'Certificado médico' },
  { code: 'resolucion-licencia', name: 'Resolución de licencia', printed: 'Resolución de licencia' },
  { code: 'documento-destaque', name: 'Documento de destaque', printed: 'Documento de destaque' },
  { code: 'rol-vacaciones', name: 'Rol de vacaciones', printed: 'Rol de vacaciones' },
  { code: 'comunicacion-sancion', name: 'Comunicación de la sanción', printed: 'Comunicación de la sanción disciplinaria' },
  { code: 'resolucion-autoridad', name: 'Resolución judicial o administrativa', printed: 'Resolución judicial o administrativa' },
  {
    code: 'constancia-cargo',
    name: 'Constancia del cargo cívico, sindical o del servicio militar',
    printed: 'Constancia del cargo cívico, sindical o del Servicio Militar Obligatorio'
  }
]

/** The kind of a code or name (case and accents ignored); undefined for any other text. */
export function supportDocumentKind (text: string): SupportDocumentKind | undefined {
  const key = foldText(text)
  return SUPPORT_DOCUMENT_KINDS.find((kind) => kind.code === key || foldText(kind.name) === key)
}

/** `N.º`, `Nº`, `N°`, `No.`, `Nro.`, `Número` before a reference: read, not part of it. */
const NUMBER_PREFIX = /^(?:n\s*\.?\s*[º°o]\s*\.?|nro\s*\.?|numero|número)\s*/i
/** One segment of a reference: letters and digits, with a digit, or an uppercase abbreviation (`OPE`, `RRHH`). */
const SEGMENT = /^(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{1,20}$|^[A-Z]{1,8}$/

/** A CIE-10 (ICD-10) diagnosis code (`J45`, `M54.5`) as the reference or one of its parts: not a number. */
const DIAGNOSIS_CODE = /(?:^|[-/])[A-Z]\d{2}(?:\.\d{1,2})?(?:$|[-/])/i

/**
 * The reference of a supporting document (`A-123456789`, `045-2026-OPE`, `0012/2026`), without a `N.º`
 * before it; undefined when the text does not read as one (§37: no free text after it, never a
 * diagnosis): segments of letters and digits joined by `-`, `/` or `.`, no spaces, at least one
 * digit, each segment without digits an uppercase abbreviation of at most eight letters, 30
 * characters at most, and no CIE-10 diagnosis code in it (`J45.9`).
 */
export function documentReference (text: string): string | undefined {
  const reference = text.trim().replace(NUMBER_PREFIX, '')
  if (reference.length === 0 || reference.length > 30 || !/\d/.test(reference)) return undefined
  if (DIAGNOSIS_CODE.test(reference)) return undefined
  const segments = reference.split(/[-/.]/)
  return segments.every((segment) => SEGMENT.test(segment)) ? reference : undefined
}

/** A suplencia's supporting document as a record gives it (§37). */
export interface SupportDocument { kind: string, number: string, date: string }
