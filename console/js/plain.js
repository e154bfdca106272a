/**
 * The service's messages in the words HR uses (docs/console.md, "Messages with the next step"): the
 * law and the reason stay as the service wrote them, but what HR picks is named as the page offers it.
 * A reviewed cause is named by (the start of) its text, never by its id (but in the corrected sheet's
 * ERRORES column, where HR may type the id the template's CAUSA drop-down lists: plainIssues'
 * `sheetMessage`); a modality by its name, never by its article number; "el perfil del empleador" is
 * "la configuración de la empresa"; a field the service names by its identifier is named by the
 * column of that kind of sheet. Applied once, where the service's
 * answers enter the page (api.js), so every display (the rows, the fix form, the forms' fields, the
 * downloads' reports) shows the same words.
 */
import { FIELD_HEADERS } from './field-headers.js'
import { fold, shortText } from './text-fold.js'

/** @type {import('./api.js').Profile | undefined} */
let profile

/**
 * The employer's lists the words come from (`GET /api/profile`); without them the messages stay as they come.
 * @param {import('./api.js').Profile | undefined} known
 */
export function usePlainWords (known) {
  profile = known
}

/**
 * The column HR knows for a field the service names, its path's `body.` and index aside
 * (`body.0.causeId` → `CAUSA`), as the template of that kind of sheet heads it (field-headers.js
 * FIELD_HEADERS, the first header of src/spreadsheets/columns.ts): on an adenda `signingDate` is
 * `FECHA DE FIRMA DE LA ADENDA`, `end` `FECHA FIN`. A field of neither table stays as it is.
 * @param {string} field
 * @param {'employee' | 'addendum'} [kind] the sheet (or route) the message is about
 */
export function columnOf (field, kind = 'employee') {
  const name = field.replace(/^body\.(\d+\.)?/, '')
  return FIELD_HEADERS[kind][name === 'subDivisionOrParking' ? 'site' : name]?.[0] ?? name
}

const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A modality as HR reads it: its name for a code the profile knows (`58` → `necesidades del mercado`),
 * else the value as it is (a name the sheet wrote).
 * @param {string} value
 */
export function modalityLabel (value) {
  return profile?.modalities.find((modality) => modality.code === value.trim())?.name ?? value
}

/** `«necesidades del mercado»` for `58`; the code itself when the profile does not know it. @param {string} code */
function modalityName (code) {
  const name = profile?.modalities.find((modality) => modality.code === code)?.name
  return name === undefined ? code : `«${name}»`
}

/**
 * How a message names a reviewed cause: by (the start of) its text, `«Servicio nocturno…»`; when the
 * start is the same as another cause's, with its period as the CAUSA picker shows it
 * (`«…» (del 01/01/2026 al 31/12/2026)`); `ids` adds the id the template's CAUSA drop-down lists,
 * `«…» (larcomar-servicio-nocturno)`, for the corrected sheet HR may fix in Excel.
 * @param {import('./api.js').Profile['causes'][number]} cause
 * @param {import('./api.js').Profile['causes']} causes
 * @param {boolean} ids
 */
function causeName (cause, causes, ids) {
  const short = shortText(cause.text)
  if (ids) return `«${short}» (${cause.id})`
  const twin = causes.some((other) => other !== cause && shortText(other.text) === short)
  return twin ? `«${short}» (del ${cause.period.from} al ${cause.period.to})` : `«${short}»`
}

/**
 * A message of the service in HR's words (see the module's comment); the text as it is without the profile.
 * @param {string} text
 * @param {{ kind?: 'employee' | 'addendum', ids?: boolean }} [options] `kind`: the sheet whose columns name
 *   the fields (default the employees'); `ids`: a cause also by its id (causeName)
 * @returns {string}
 */
export function plain (text, { kind = 'employee', ids = false } = {}) {
  if (profile === undefined || typeof text !== 'string') return text
  const known = profile
  let out = text
    .replace(/\bdel perfil del empleador\b/g, 'de la configuración de la empresa')
    .replace(/\bel perfil del empleador\b/g, 'la configuración de la empresa')
    .replace(/\bperfil del empleador\b/g, 'configuración de la empresa')
  // every cause at once, by its id or by the words the service names it with (src/employer/reviewed-causes.ts
  // causeInWords, the same as causeName's): the longest first, so that an id that starts another is not
  // taken for it, and nothing is replaced inside a text already put in (the corrected sheet's adds the id)
  /** @typedef {import('./api.js').Profile['causes'][number]} Cause */
  /** @type {Map<string, Cause>} */
  const byKey = new Map()
  for (const cause of known.causes) byKey.set(cause.id, cause).set(causeName(cause, known.causes, false), cause)
  if (byKey.size > 0) {
    const alternatives = [...byKey.keys()].sort((a, b) => b.length - a.length).map(escape).join('|')
    out = out.replace(new RegExp(`(?<![\\w-])(?:${alternatives})(?![\\w-])`, 'g'),
      (key) => causeName(/** @type {Cause} */ (byKey.get(key)), known.causes, ids))
  }
  // "57 (inicio o incremento de actividad)" → "«inicio o incremento de actividad»", only when the
  // bracket holds that code's name: "67 (la suplencia, art. 61 …)" is an aside and stays
  out = out.replace(/\b(5[0-9]|6[0-9]|7[0-9]) \(([^)]+)\)/g, (whole, code, name) => {
    const modality = known.modalities.find((m) => m.code === code)
    return modality !== undefined && fold(modality.name) === fold(name) ? `«${name}»` : whole
  })
  // "modalidad 58", "modalidades ... son 57, 58, 61", "no de la 58"
  out = out.replace(/\b(modalidad(?:es)?(?: de esa sede son| son)?|no de la|la) ((?:(?:5[0-9]|6[0-9]|7[0-9])(?:, | y | o )?)+)(?![\d/])/g,
    (_, lead, codes) => `${lead} ${codes.replace(/\d{2}/g, (/** @type {string} */ code) => modalityName(code))}`)
  // a field named by its identifier: by its column
  out = out.replace(/\b(causeId|causeUpdate|objectiveCause|positionProfile|subDivisionOrParking|salaryInWords|originalSalary|substitutionGround|probationReason)\b/g,
    (field) => columnOf(field, kind))
  return out
}

/** The service's message already says what would be lawful: the causes that fit, or the modalities there are. */
const SAYS_WHAT_FITS = /Se ajustan? a este contrato l|Varias causas objetivas revisadas se ajustan|Ninguna causa objetiva revisada para la sede|La modalidad debe ser/
/** The message is about a suplencia (art. 61), whose cause is the replacement itself: no cause to pick. */
const SUPLENCIA = /suplencia|\bsuplida\b|\bmodalidad 61\b|\bno de la 61\b|\(61\)/i
/** No reviewed cause fits at all: a new one is proposed to counsel. */
const NO_CAUSE = /No hay una causa objetiva revisada|Ninguna causa objetiva revisada del empleador se ajusta|es otra causa, que el asesor legal/

/**
 * What HR picks or types next for a refusal on `field`, from the employer's lists; undefined when the
 * message itself says it (the causes or modalities that fit, an email, a date) or when there is
 * nothing to pick (a suplencia carries no reviewed cause, art. 61 LPCL). For a cause: the reviewed
 * causes of the row's modality (as the message names it, `modalidad 58`, `no de la 58`) and of the
 * site it names; without the modality, the CAUSA list of «Corregir», which has the row's.
 * @param {string} field the issue's field (`causeId`, `body.0.causeId`, `body.salary`)
 * @param {string} message the service's message, as it came (codes and ids, not yet in HR's words)
 * @returns {string | undefined}
 */
export function nextStep (field, message) {
  if (profile === undefined) return undefined
  const known = /** @type {import('./api.js').Profile} */ (profile)
  switch (field.replace(/^body\.(\d+\.)?/, '')) {
    case 'subDivisionOrParking':
      return `Siguiente paso: elige la sede en PLAYA (${known.sites.map((site) => site.name).join(', ')}).`
    case 'causeId':
    case 'objectiveCause':
    case 'modality': {
      // the site does not contract in the row's modality: the message lists the site's modalities
      if (/las modalidades de esa sede son/.test(message)) return 'Siguiente paso: elige en la columna Contrato una de esas modalidades.'
      if (SUPLENCIA.test(message) || SAYS_WHAT_FITS.test(message)) return undefined
      if (NO_CAUSE.test(message)) return 'Siguiente paso: propón en la pestaña Causas la causa de esta sede; el área legal la revisa antes de usarla.'
      // the row's modality, by its code or (as the service now writes it) by its name in «»
      const named = /\b(?:modalidad|no de la) (?:(5[0-9]|6[0-9]|7[0-9])\b|«([^»]+)»)/.exec(message.replace(/\bes de la modalidad (?:\d\d|«[^»]*»)/g, ''))
      const modality = named?.[1] ?? known.modalities.find((m) => fold(m.name) === fold(named?.[2] ?? '-'))?.code
      if (modality === undefined) {
        if (field.endsWith('modality')) return undefined
        return 'Siguiente paso: elige la causa en CAUSA con «Corregir»: la lista tiene las causas revisadas de la sede y la modalidad de la fila.'
      }
      const site = known.sites.find((candidate) => message.includes(candidate.name))
      const causes = known.causes
        .filter((cause) => cause.modality === modality && (site === undefined || cause.sites.includes(site.name)))
      if (causes.length === 0) return 'Siguiente paso: propón en la pestaña Causas la causa de esta sede; el área legal la revisa antes de usarla.'
      return `Siguiente paso: elige en CAUSA (o la modalidad en la columna Contrato) una de las causas ${site === undefined ? 'revisadas' : `de ${site.name}`} ` +
        `de la modalidad ${modalityName(modality)}: ${causes.map((cause) => `«${shortText(cause.text, 60)}»`).join('; ')}.`
    }
    case 'position':
    case 'positionProfile':
      return 'Siguiente paso: elige el puesto del catálogo en la columna Contrato de la fila.'
    case 'workDays':
    case 'workSchedule':
    case 'weeklyHours':
      return 'Siguiente paso: marca los días y el horario en «Corregir» (Jornada).'
    case 'birthDate':
      return 'Siguiente paso: escribe la fecha de nacimiento (DD/MM/AAAA) en «Corregir».'
    case 'sex':
      return 'Siguiente paso: escribe M o F en GENERO con «Corregir».'
    default:
      return undefined
  }
}

/**
 * An issue list in HR's words (`{row?, field, message}`), each refusal followed by its next step
 * (nextStep) unless `warnings` (a warning says what it did, not what to do). Each issue also gets
 * `column`, the column of its field in `kind`'s sheet (columnOf), and, when the message names a
 * reviewed cause, `sheetMessage`: the same words with the cause's id, for the corrected sheet's
 * ERRORES column (HR fixing it in Excel picks the id the template's CAUSA drop-down lists).
 * @template {{ message: string, header?: string, field?: string }} T
 * @param {T[]} issues
 * @param {boolean} [warnings]
 * @param {'employee' | 'addendum'} [kind] the sheet or route the issues are about
 * @returns {(T & { column?: string, sheetMessage?: string })[]}
 */
export function plainIssues (issues, warnings = false, kind = 'employee') {
  return issues.map((issue) => {
    if (typeof issue?.message !== 'string') return issue
    const step = warnings ? undefined : nextStep(issue.field ?? '', issue.message)
    const words = (/** @type {string} */ text) => step === undefined ? text : `${text}. ${step}`.replace(/\.\. /, '. ')
    const message = words(plain(issue.message, { kind }))
    const sheetMessage = words(plain(issue.message, { kind, ids: true }))
    return {
      ...issue,
      message,
      ...(typeof issue.field === 'string' ? { column: columnOf(issue.field, kind) } : {}),
      ...(sheetMessage !== message ? { sheetMessage } : {})
    }
  })
}
