/**
 * Working time as a structured week (DOCUMENT-REQUIREMENTS §22, §23, §31): every refusal is the same
 * 400 on the preview, the ZIP and, as `data.contractIssues`, the employee upload, on `workingTime`
 * or on the text field the record sent (`weeklyHours` for the four-hour test and a declared total);
 * its lawful neighbour prints, read with pdfjs, the canonical text generated from the schedule.
 */
import t from 'tap'
import { build, formPayload, pdfText, sampleEmployee, sampleSubsidio, zipEntries } from '../../support/helper.js'
import { flat, previewAndZipRefusals, previewedContractText } from '../../support/refusals.js'
import { EMPLOYEE_HEADERS, employeeCells, workbook } from '../../support/spreadsheets.js'
import { WORKING_TIME_MESSAGES } from '../../../schemas/messages.js'

const app = await build(t)

const partTime = (overrides: Record<string, unknown> = {}) =>
  sampleEmployee({ contractType: 'Part Time', salary: 600, salaryInWords: undefined, ...overrides })
const days = (names: string[], shift: [string, string], breakMinutes = 0) =>
  names.map((day) => ({ day, shifts: [{ start: shift[0], end: shift[1] }], breakMinutes }))
const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes']

/** The errors of a preview of `record` and of a ZIP holding it second, the same on both (test/support/refusals.ts). */
const refusals = async (record: Record<string, unknown>) => await previewAndZipRefusals(t, app, record)

/** The contract of a lawful record, flattened. */
const contractText = async (record: Record<string, unknown>) => await previewedContractText(t, app, record)

/** Text records as rows of one upload, keyed by DNI: their `contractIssues` and working-time `warnings`. */
async function upload (records: Array<Record<string, unknown>>) {
  const form = await formPayload([{ name: 'empleados.xlsx', bytes: workbook([[[...EMPLOYEE_HEADERS], ...records.map(employeeCells)]]) }])
  const res = await app.inject({ method: 'POST', url: '/api/excel/upload', ...form })
  t.equal(res.statusCode, 200, res.body.slice(0, 300))
  const data = res.json().data as {
    contractIssues: Array<{ dni: string, row: number, field: string, message: string }>
    warnings: Array<{ row: number, field: string, message: string }>
  }
  const rowOf = (dni: string) => records.findIndex((record) => record.dni === dni) + 2
  return {
    issues: (dni: string) => data.contractIssues.filter((issue) => issue.dni === dni).map((issue) => [issue.field, issue.message]),
    // the working time's warnings (the sheet's text dates have their own)
    warnings: (dni: string) => data.warnings.filter((warning) => warning.row === rowOf(dni) && /^work/.test(warning.field))
      .map((warning) => [warning.field, warning.message])
  }
}

// each text refusal, with the upload's row beside it
const REFUSED: Array<[string, Record<string, unknown>, Array<[string, string]>]> = [
  ['seven working days: no day of rest', sampleEmployee({ dni: '20000001', workDays: 'lunes a domingo', workSchedule: 'de 08:00 a 14:00 horas' }),
    [['workDays', WORKING_TIME_MESSAGES.noWeeklyRest(' en la semana')]]],
  ['a 30-minute refrigerio',
    sampleEmployee({ dni: '20000002', workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 16:30 horas, con 30 minutos de refrigerio' }),
    [['workSchedule', WORKING_TIME_MESSAGES.shortBreak('lunes', 30)]]],
  ['no refrigerio on a shift over six hours', sampleEmployee({ dni: '20000003', workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 14:30 horas' }),
    [['workSchedule', WORKING_TIME_MESSAGES.missingBreak('lunes', 'de 08:00 a 14:30', '6 horas')]]],
  ['20 hours over four days is not part time', partTime({ dni: '20000004', workDays: 'lunes a jueves', workSchedule: 'de 17:00 a 22:00 horas' }),
    [['weeklyHours', WORKING_TIME_MESSAGES.partTimeFourHours('20 horas', 5, '4 horas', 4, 'lunes a jueves', 6)]]],
  ['exactly four hours a day declared as 19.75',
    partTime({ dni: '20000005', workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 22:00 horas', weeklyHours: 19.75 }),
    [['weeklyHours', WORKING_TIME_MESSAGES.hoursMismatch('20 horas semanales')]]],
  ['49 hours a week', sampleEmployee({ dni: '20000006', workDays: 'lunes a sábado', workSchedule: 'de 07:00 a 15:55 horas, con 45 minutos de refrigerio' }),
    [['workSchedule', WORKING_TIME_MESSAGES.weeklyMaximum('49 horas', 1)]]],
  // §33: mornings → afternoons → nights: the night week ends Sunday 06:45, the next Monday starts 06:00
  ['a rotation whose change of shift leaves 23 h 15 min of rest', sampleEmployee({
    dni: '20000007',
    position: 'Vigilante',
    workSchedule: 'rotativo semanal: 06:00-14:45 / 14:00-22:45 / 22:00-06:45, lunes a sábado, con 45 minutos de refrigerio'
  }), [['workSchedule', WORKING_TIME_MESSAGES.weeklyRestTooFar('lunes 22:00 de la semana 3 del ciclo', 'sábado 14:45 de la semana 1 del ciclo',
    '280 horas y 45 minutos', '136 horas y 45 minutos', WORKING_TIME_MESSAGES.restPause('domingo 06:45 de la semana 3 del ciclo',
      'lunes 06:00 de la semana 1 del ciclo', '23 horas y 15 minutos'))]]],
  // §33: the refrigerio at the very start of its shift
  ['a refrigerio at 07:00 on a 07:00 start', sampleEmployee({
    dni: '20000008', workDays: 'lunes a viernes', workSchedule: 'de 07:00 a 15:45 horas, con 45 minutos de refrigerio desde las 07:00'
  }), [['workSchedule', WORKING_TIME_MESSAGES.breakAtEdge('lunes', 'de 07:00 a 15:45', '07:00')]]]
]

// the lawful neighbours, also uploaded: no issue
const LAWFUL = {
  sixDays: sampleEmployee({ dni: '30000001', workDays: 'lunes a sábado', workSchedule: 'de 08:00 a 14:00 horas' }),
  refrigerio: sampleEmployee({ dni: '30000002', workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio' }),
  atypical: sampleEmployee({ dni: '30000003', workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 18:21 horas, con 45 minutos de refrigerio' }),
  saturdayMorning: sampleEmployee({
    dni: '30000004', workSchedule: 'lunes a viernes de 08:00 a 16:45 con 45 minutos de refrigerio; sábado de 08:00 a 12:00'
  }),
  split: sampleEmployee({ dni: '30000005', workDays: 'de lunes a viernes', workSchedule: 'de 07:00 a 11:00 y de 12:00 a 16:00' }),
  rotation: sampleEmployee({
    dni: '30000006',
    position: 'Vigilante',
    workSchedule: 'rotativo semanal: 06:00-14:45 / 22:00-06:45 / 14:00-22:45, lunes a sábado, con 45 minutos de refrigerio'
  }),
  weekdaysAndSaturdayNight: sampleEmployee({
    dni: '30000009',
    position: 'Vigilante',
    workSchedule: 'lunes a viernes de 05:00 a 13:45 con 45 minutos de refrigerio; sábado de 22:00 a 06:45 con 45 minutos de refrigerio',
    salary: 2000,
    salaryInWords: undefined
  }),
  nights: sampleEmployee({
    dni: '30000010',
    position: 'Vigilante',
    workDays: 'lunes a sábado',
    workSchedule: 'de 22:00 a 06:45 horas, con 45 minutos de refrigerio',
    salary: 2000,
    salaryInWords: undefined
  }),
  refrigerioAt11: sampleEmployee({
    dni: '30000011', workDays: 'lunes a viernes', workSchedule: 'de 07:00 a 15:45 horas, con 45 minutos de refrigerio desde las 11:00'
  }),
  partTimeSixDays: partTime({ dni: '30000007', workDays: 'lunes a sábado', workSchedule: 'de 18:00 a 21:40 horas', weeklyHours: 22 }),
  legacy: sampleEmployee({ dni: '30000008', workDays: 'lunes a viernes', workSchedule: 'de 18:00 a 21:45 horas' })
}

const uploaded = await upload([...REFUSED.map(([, record]) => record), ...Object.values(LAWFUL)])

for (const [name, record, expected] of REFUSED) {
  t.test(`refused on preview, ZIP and upload: ${name}`, async (t) => {
    t.same(await refusals(record), expected)
    t.same(uploaded.issues(record.dni as string), expected, 'the upload lists the same issue')
  })
}

t.test('lawful neighbours: no issue in the upload', async (t) => {
  for (const [name, record] of Object.entries(LAWFUL)) t.same(uploaded.issues(record.dni as string), [], name)
})

t.test('six days with a day of rest prints the canonical schedule, never the raw text', async (t) => {
  const text = await contractText(LAWFUL.sixDays)
  t.match(text, '36 horas semanales')
  t.match(text, 'lunes a sábado')
  t.match(text, 'de 08:00 a 14:00 horas, sin refrigerio')
  t.match(text, 'La jornada no excede de ocho (8) horas diarias ni de cuarenta y ocho (48) semanales.')
  t.match(text, 'Por la duración de sus turnos, el horario no incluye refrigerio.')
  t.match(text, 'descanso semanal obligatorio de no menos de veinticuatro (24) horas consecutivas')
  t.same(uploaded.warnings('30000001'),
    [['workSchedule', WORKING_TIME_MESSAGES.mealWindowWithoutBreak('lunes', 'de 08:00 a 14:00', '12:00 a 14:00')]],
    'a shift over a whole meal window without refrigerio is kept with a warning')
})

t.test('a 45-minute refrigerio is printed as the structure says', async (t) => {
  const text = await contractText(LAWFUL.refrigerio)
  t.match(text, 'de 08:00 a 16:45 horas, con 45 minutos de refrigerio')
  t.match(text, 'El refrigerio del horario, no menor de cuarenta y cinco (45) minutos, no forma parte de la jornada')
  t.same(uploaded.warnings('30000002'), [], 'a shift with its refrigerio has no warning')
})

t.test('9 h 36 min Monday to Friday: 48 hours, an atypical schedule, never "sin exceder de ocho horas diarias"', async (t) => {
  const text = await contractText(LAWFUL.atypical)
  t.match(text, '48 horas semanales')
  t.match(text, 'de 08:00 a 18:21 horas, con 45 minutos de refrigerio')
  t.match(text, 'Jornada atípica o acumulativa (artículo 4 del D.S. 007-2002-TR): algunos días superan las ocho (8) horas, y el ' +
    'promedio en el ciclo de una (1) semana no supera las cuarenta y ocho (48) horas semanales.')
  t.notMatch(text, /sin exceder de ocho|no excede de ocho/)
})

t.test('Monday to Friday plus Saturday morning, in one text with ";"', async (t) => {
  const text = await contractText(LAWFUL.saturdayMorning)
  t.match(text, '44 horas semanales')
  t.match(text, 'lunes a sábado')
  t.match(text, 'lunes a viernes, de 08:00 a 16:45 horas, con 45 minutos de refrigerio; sábado, de 08:00 a 12:00 horas, sin refrigerio')
})

t.test('a split shift', async (t) => {
  const text = await contractText(LAWFUL.split)
  t.match(text, '40 horas semanales')
  t.match(text, 'de 07:00 a 11:00 y de 12:00 a 16:00 horas, sin refrigerio')
})

t.test('a three-shift weekly rotation: its cycle average, and night work at body size', async (t) => {
  const text = await contractText(LAWFUL.rotation)
  t.match(text, '48 horas semanales en promedio (ciclo de 3 semanas)')
  t.match(text, 'rotativo semanal, en un ciclo de 3 semanas: la primera semana, de 06:00 a 14:45 horas, con 45 minutos de refrigerio; ' +
    'la segunda semana, de 22:00 a 06:45 horas, con 45 minutos de refrigerio; la tercera semana, de 14:00 a 22:45 horas, con 45 ' +
    'minutos de refrigerio')
  t.match(text, 'El descanso semanal es del sábado de la primera semana a las 14:45 al lunes de la segunda semana a las 22:00; del ' +
    'domingo de la segunda semana a las 06:45 al lunes de la tercera semana a las 14:00 y del sábado de la tercera semana a las 22:45 ' +
    'al lunes de la primera semana a las 06:00.', 'the rests the rotation really gives (§33)')
  t.match(text, 'Incluye trabajo nocturno, entre las 22:00 y las 06:00 horas (17 horas y 30 minutos a la semana en promedio del ciclo), ' +
    'remunerado con no menos de la remuneración mínima vital más 35 % (artículo 8 del D.S. 007-2002-TR).')
  t.same(await refusals({ ...LAWFUL.rotation, salary: 1274.19, salaryInWords: undefined }), [['salary',
    'El sueldo no puede ser menor a S/ 1,274.20: el horario incluye trabajo nocturno, cuya remuneración mínima es la ' +
    'remuneración mínima vital más 35 % (art. 8 del D.S. 007-2002-TR)']], 'the night share on worked hours: 17.5 of 48')
  const res = await app.inject({ method: 'POST', url: '/api/contracts/preview', payload: LAWFUL.rotation })
  t.equal(await fontSizeOf(res.rawPayload, 'Incluye trabajo nocturno'), 9, 'the night note is clause text at body size (9 pt)')
})

t.test('§33: the weekly rest printed is the one the schedule gives, never a Sunday it does not', async (t) => {
  const saturdayNight = await contractText(LAWFUL.weekdaysAndSaturdayNight)
  t.match(saturdayNight, 'El descanso semanal es del viernes a las 13:45 al sábado a las 22:00.')
  t.notMatch(saturdayNight, /domingo/, 'no Sunday is promised')
  t.match(await contractText(LAWFUL.nights), 'El descanso semanal es del domingo a las 06:45 al lunes a las 22:00.')
  t.match(await contractText(LAWFUL.sixDays), 'El descanso semanal es del sábado a las 14:00 al lunes a las 08:00.')
  t.same(uploaded.issues('30000009'), [], 'Mon-Fri 05:00-13:45 + Saturday night: its rest is Friday 13:45 to Saturday 22:00')
})

t.test('§33: a refrigerio at 11:00 in a 07:00-15:45 shift lies inside it', async (t) => {
  t.match(await contractText(LAWFUL.refrigerioAt11), 'de 07:00 a 15:45 horas, con 45 minutos de refrigerio desde las 11:00')
  const structured = sampleEmployee({ workingTime: { days: WEEKDAYS.map((day) => ({ day, shifts: [{ start: '07:00', end: '15:45' }], breakMinutes: 45, breakStart: '14:30' })) } })
  t.same(await refusals(structured), [['workingTime', WORKING_TIME_MESSAGES.breakAtEdge('lunes', 'de 07:00 a 15:45', '14:30')]],
    'ending 15 minutes before the end of the shift is at its edge too')
})

t.test('§33: hours printed as hours and minutes, never decimals', async (t) => {
  const text = await contractText(sampleEmployee({ workDays: 'lunes a viernes', workSchedule: 'de 08:00 a 17:27 horas, con 45 minutos de refrigerio' }))
  t.match(text, '43 horas y 30 minutos semanales')
  t.notMatch(text, /\d\.\d+ horas/)
})

t.test('22 hours over six days in a six-day workplace is part time', async (t) => {
  const text = await contractText(LAWFUL.partTimeSixDays)
  t.match(text, 'CONTRATO DE TRABAJO A TIEMPO PARCIAL')
  t.match(text, '22 horas semanales')
  t.match(text, 'de 18:00 a 21:40 horas, sin refrigerio')
  t.same(uploaded.warnings('30000007'), [['workSchedule', WORKING_TIME_MESSAGES.mealWindowWithoutBreak('lunes', 'de 18:00 a 21:40', '19:00 a 21:00')]])
})

t.test('the public text forms keep working: lunes a viernes, de 18:00 a 21:45 horas', async (t) => {
  const text = await contractText(LAWFUL.legacy)
  t.match(text, 'lunes a viernes')
  t.match(text, 'de 18:00 a 21:45 horas')
})

t.test('a Planilla or Subsidio under four hours a day prints the part-time text and takes the proportional RMV', async (t) => {
  const short = { workDays: 'lunes a sábado', workSchedule: 'de 08:00 a 11:30 horas', salary: 500, salaryInWords: undefined }
  const planilla = await contractText(sampleEmployee(short))
  t.match(planilla, 'CONTRATO DE TRABAJO A TIEMPO PARCIAL SUJETO A MODALIDAD')
  t.match(planilla, 'no tiene derecho a la compensación por tiempo de servicios')
  const subsidio = await contractText(sampleSubsidio(short))
  t.match(subsidio, 'A tiempo parcial (artículo 4 de la LPCL')
  t.match(subsidio, 'Es una jornada a tiempo parcial, inferior en promedio a cuatro (4) horas diarias')
  t.match(subsidio, 'no tiene derecho a la compensación por tiempo de servicios')
  // §35: the extinction clause leaves art. 76's indemnity to the law, never a categorical denial
  t.match(subsidio, 'tendrá derecho a la indemnización que corresponda conforme a ley (artículo 76 de la LPCL)')
  t.notMatch(subsidio, 'salvo que el cuadro III califique su jornada como a tiempo parcial')
  t.same(await refusals(sampleEmployee({ ...short, salary: 494 })), [['salary',
    'El sueldo no puede ser menor a S/ 494.38, la parte proporcional de la remuneración mínima vital para 21 horas semanales']])
})

t.test('workingTime as a structure: printed from it; its refusals on workingTime', async (t) => {
  const structured = (workingTime: unknown, overrides: Record<string, unknown> = {}) => sampleEmployee({ workingTime, ...overrides })
  const text = await contractText(structured({
    days: [...days(WEEKDAYS, ['08:00', '16:45'], 45), { day: 'sábado', shifts: [{ start: '08:00', end: '12:00' }], breakMinutes: 0 }]
  }))
  t.match(text, '44 horas semanales')
  t.match(text, 'lunes a viernes, de 08:00 a 16:45 horas, con 45 minutos de refrigerio; sábado, de 08:00 a 12:00 horas, sin refrigerio')
  t.same(await refusals(structured({ days: days([...WEEKDAYS, 'sábado', 'domingo'], ['08:00', '14:00']) })),
    [['workingTime', WORKING_TIME_MESSAGES.noWeeklyRest(' en la semana')]])
  t.same(await refusals(structured({ days: days(WEEKDAYS, ['08:00', '16:30'], 30) })), [['workingTime', WORKING_TIME_MESSAGES.shortBreak('lunes', 30)]])
  t.same(await refusals(structured({
    days: [],
    rotation: { weeks: [{ days: days([...WEEKDAYS, 'sábado'], ['07:00', '16:45'], 45) }, { days: days([...WEEKDAYS, 'sábado'], ['07:00', '15:45'], 45) }] }
  })), [['workingTime', WORKING_TIME_MESSAGES.weeklyMaximum('51 horas', 2)]], 'a cycle averaging 51 hours')
  t.same(await refusals(structured({ days: days(WEEKDAYS, ['08:00', '12:00']) }, { workSchedule: 'de 08:00 a 12:00 horas' })),
    [['workingTime', WORKING_TIME_MESSAGES.bothForms]])
  t.same(await refusals(structured({ days: [{ day: 'lunes', shifts: [{ start: '8:00', end: '12:00' }], breakMinutes: 0 }] })),
    [['workingTime.days.0.shifts.0.start', WORKING_TIME_MESSAGES.time.invalid]], 'the schema names the time')
  t.same(await refusals(partTime({ workingTime: { days: days(['lunes', 'martes', 'miércoles', 'jueves'], ['17:00', '22:00']) } })),
    [['weeklyHours', WORKING_TIME_MESSAGES.partTimeFourHours('20 horas', 5, '4 horas', 4, 'lunes a jueves', 6)]], 'the four-hour test stays on weeklyHours')
  const zip = await app.inject({ method: 'POST', url: '/api/contracts/download-zip', payload: [structured({ days: days(WEEKDAYS, ['08:00', '16:45'], 45) })] })
  t.equal(zip.statusCode, 200)
  const contract = (await zipEntries(zip.rawPayload)).find((entry) => /^planilla\/[^/]+\.pdf$/.test(entry.name))
  t.match(flat(await pdfText((contract as { bytes: Buffer }).bytes)), '40 horas semanales')
})

/** The font size (pt) of the first text run that contains `needle`, read with pdfjs. */
async function fontSizeOf (bytes: Uint8Array, needle: string): Promise<number | undefined> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      const content = await (await doc.getPage(number)).getTextContent()
      for (const item of content.items) {
        if ('str' in item && item.str.includes(needle)) return Math.round(Math.hypot(item.transform[0], item.transform[1]) * 100) / 100
      }
    }
    return undefined
  } finally {
    await doc.destroy()
  }
}
