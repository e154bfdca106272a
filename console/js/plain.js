/**
 * The service's messages in the words HR uses (docs/console.md, "Messages with the next step"): the
 * law and the reason stay as the service wrote them, but what HR picks is named as the page offers it.
 * A reviewed cause is named by (the start of) its text, never by its id; a modality by its name, never
 * by its article number; "el perfil del empleador" is "la configuración de la empresa"; a field the
 * service names by its identifier is named by the sheet's column. Applied once, where the service's
 * answers enter the page (api.js), so every display (the rows, the fix form, the forms' fields, the
 * downloads' reports) shows the same words.
 */
import { shortText } from './pickers.js'

/** @type {import('./api.js').Profile | undefined} */
let profile

/**
 * The employer's lists the words come from (`GET /api/profile`); without them the messages stay as they come.
 * @param {import('./api.js').Profile | undefined} known
 */
export function usePlainWords (known) {
  profile = known
}

/** The columns HR sees for the fields a message may name by identifier (src/spreadsheets/columns.ts). */
const COLUMN_OF = {
  causeId: 'CAUSA',
  causeUpdate: 'ACTUALIZACIÓN DE LA CAUSA',
  objectiveCause: 'CAUSA OBJETIVA',
  modality: 'MODALIDAD',
  positionProfile: 'PERFIL DE PUESTO',
  subDivisionOrParking: 'PLAYA',
  salaryInWords: 'SUELDO EN LETRAS',
  originalSalary: 'SUELDO ANTERIOR',
  substitutionGround: 'CAUSAL DE SUSPENSIÓN',
  probationReason: 'MOTIVO DEL PERIODO DE PRUEBA',
  workDays: 'DÍAS DE TRABAJO',
  workSchedule: 'HORARIO',
  entryDate: 'INICIO',
  endDate: 'FIN',
  birthDate: 'FECHA DE NACIMIENTO',
  startAddendum: 'INICIO ADENDA',
  endAddendum: 'FIN ADENDA',
  name: 'NOMBRE',
  lastNameFather: 'APELLIDO PATERNO',
  lastNameMother: 'APELLIDO MATERNO',
  dni: 'DNI',
  documentNumber: 'DNI',
  email: 'EMAIL',
  address: 'DIRECCIÓN',
  position: 'CARGO',
  salary: 'SUELDO',
  contractType: 'TIPO DE CONTRATO',
  sex: 'GENERO',
  weeklyHours: 'HORAS SEMANALES',
  signingDate: 'FECHA DE FIRMA',
  worker: 'TRABAJADOR',
  start: 'INICIO',
  end: 'FIN'
}

/**
 * The column HR knows for a field the service names, its path's `body.` and index aside
 * (`body.0.causeId` → `CAUSA`); others unchanged.
 * @param {string} field
 */
export function columnOf (field) {
  const name = field.replace(/^body\.(\d+\.)?/, '')
  return /** @type {Record<string, string>} */ (COLUMN_OF)[name] ?? name
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
 * A message of the service in HR's words (see the module's comment); the text as it is without the profile.
 * @param {string} text
 * @returns {string}
 */
export function plain (text) {
  if (profile === undefined || typeof text !== 'string') return text
  let out = text
    .replace(/\bdel perfil del empleador\b/g, 'de la configuración de la empresa')
    .replace(/\bel perfil del empleador\b/g, 'la configuración de la empresa')
    .replace(/\bperfil del empleador\b/g, 'configuración de la empresa')
  // the longest ids first, so that an id that starts another is not replaced inside it
  for (const cause of [...profile.causes].sort((a, b) => b.id.length - a.id.length)) {
    out = out.replace(new RegExp(`(?<![\\w-])${escape(cause.id)}(?![\\w-])`, 'g'), `«${shortText(cause.text)}»`)
  }
  // "57 (inicio o incremento de actividad)" → "«inicio o incremento de actividad»"
  out = out.replace(/\b(5[0-9]|6[0-9]|7[0-9]) \(([^)]+)\)/g, (_, code, name) => profile?.modalities.some((m) => m.code === code) === true ? `«${name}»` : `${code} (${name})`)
  // "modalidad 58", "modalidades ... son 57, 58, 61", "no de la 58"
  out = out.replace(/\b(modalidad(?:es)?(?: de esa sede son| son)?|no de la|la) ((?:(?:5[0-9]|6[0-9]|7[0-9])(?:, | y | o )?)+)(?![\d/])/g,
    (_, lead, codes) => `${lead} ${codes.replace(/\d{2}/g, (/** @type {string} */ code) => modalityName(code))}`)
  // a field named by its identifier: by its column
  out = out.replace(/\b(causeId|causeUpdate|objectiveCause|positionProfile|subDivisionOrParking|salaryInWords|originalSalary|substitutionGround|probationReason)\b/g,
    (field) => columnOf(field))
  return out
}

/**
 * What HR picks or types next for a refusal on `field` (its message already in HR's words), from the
 * employer's lists: the causes HR can choose for the site the message names (by their text), the
 * sites, the catalogue's positions, the week; undefined when the message itself says it (an email, a date).
 * @param {string} field the issue's field (`causeId`, `body.0.causeId`, `body.salary`)
 * @param {string} message
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
      const site = known.sites.find((candidate) => message.includes(candidate.name))
      const causes = known.causes.filter((cause) => site === undefined || cause.sites.includes(site.name))
      if (causes.length === 0) return 'Siguiente paso: propón en la pestaña Causas la causa de esta sede; el área legal la revisa antes de usarla.'
      return `Siguiente paso: elige en CAUSA (o la modalidad en la columna Contrato) una de las causas ${site === undefined ? 'revisadas' : `de ${site.name}`}: ` +
        `${causes.map((cause) => `«${shortText(cause.text, 60)}»`).join('; ')}.`
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
 * (nextStep) unless `warnings` (a warning says what it did, not what to do).
 * @template {{ message: string, header?: string, field?: string }} T
 * @param {T[]} issues
 * @param {boolean} [warnings]
 * @returns {T[]}
 */
export function plainIssues (issues, warnings = false) {
  return issues.map((issue) => {
    if (typeof issue?.message !== 'string') return issue
    const message = plain(issue.message)
    const step = warnings ? undefined : nextStep(issue.field ?? '', message)
    return { ...issue, message: step === undefined ? message : `${message}. ${step}`.replace(/\.\. /, '. ') }
  })
}
