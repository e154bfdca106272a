import tap, { test, type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { EmployeeSchema, PreviewEmployeeSchema } from '../../schemas/employee.js'
import { VALIDATION_MESSAGE } from '../../schemas/messages.js'
import { build, formPayload, sampleEmployee, sampleSubsidio } from '../support/helper.js'

const EMPTY = 'Debes seleccionar al menos un empleado para generar el ZIP.'

let sharedProbeApp: Promise<FastifyInstance> | undefined

/**
 * An app with two probe routes that use the shared body options exactly as the real routes do.
 * On test defaults it is the file's one app (the probes keep no state: each request's answer is
 * its own), built at the first call and closed when the file ends; with `env`, an app of its own.
 */
async function probeApp (t: Test, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const probes = async (instance: FastifyInstance): Promise<void> => {
    instance.post('/test/batch', instance.employeeBodies.batchRouteOptions(EmployeeSchema, { emptyMessage: EMPTY, validationMessage: VALIDATION_MESSAGE.default, kind: 'employee' }), async (request) => request.body)
    instance.post('/test/one', instance.employeeBodies.singleRouteOptions(PreviewEmployeeSchema, { validationMessage: VALIDATION_MESSAGE.default, kind: 'employee' }), async (request) => request.body)
  }
  if (Object.keys(env).length > 0) return await build(t, env, probes)
  sharedProbeApp ??= build(tap, {}, probes)
  return await sharedProbeApp
}

test('a valid batch passes, normalised (D7, D8) and in each D2 form', async (t) => {
  const app = await probeApp(t)
  const raw = sampleEmployee({ contractType: '  part  TIME ', sex: 'femenino', name: '  Rosa María ' })
  for (const payload of [[raw], { employees: [raw] }, { body: [raw] }]) {
    const res = await app.inject({ method: 'POST', url: '/test/batch', payload })
    t.equal(res.statusCode, 200)
    t.match(res.json()[0], { contractType: 'Part Time', sex: 'Femenino', name: 'Rosa María' })
  }
})

const fieldRules: [string, unknown, string][] = [
  ['name', 'R', 'Nombre debe tener al menos 2 letras'],
  ['name', 'Rosa2', 'Nombre solo puede contener letras y espacios'],
  ['name', 'x'.repeat(51), 'Nombre no puede superar 50 caracteres'],
  ['lastNameFather', undefined, 'El apellido paterno es requerido'],
  ['lastNameMother', 'M', 'Apellido materno debe tener al menos 2 letras'],
  ['birthDate', '31/02/1990', 'Fecha debe estar en formato DD/MM/YYYY'],
  ['sex', 'Otro', 'El genero debe ser M, F, Masculino o Femenino'], // absent is fine on the contract routes (D21)
  ['sex', 'X', 'El genero debe ser M, F, Masculino o Femenino'],
  ['dni', '1234567', 'DNI debe tener exactamente 8 dígitos numéricos.'],
  ['dni', '1234-5678', 'DNI debe tener exactamente 8 dígitos numéricos.'],
  ['email', undefined, 'El correo es requerido'],
  ['email', 'no-es-correo', 'El correo no tiene un formato válido'],
  ['address', 'x'.repeat(201), 'La dirección no puede superar 200 caracteres'],
  ['province', 'L', 'La provincia debe tener al menos 2 caracteres'],
  ['district', '', 'El distrito es requerido'],
  ['department', 'L', 'El departamento debe tener al menos 2 caracteres'],
  ['salary', 0, 'El sueldo debe ser mayor a 0'],
  ['salary', 'mil', 'El sueldo debe ser un número'],
  ['salaryInWords', 'mil', 'El sueldo en letras debe tener entre 5 y 100 caracteres'],
  ['position', '   ', 'El cargo es requerido.'],
  ['position', 'x'.repeat(101), 'El cargo no puede superar 100 caracteres'],
  ['entryDate', '2026-12-01', 'Fecha debe estar en formato DD/MM/YYYY'],
  ['endDate', undefined, 'La fecha de término es requerida'],
  ['subDivisionOrParking', undefined, 'sub división requerida'],
  ['contractType', 'Indefinido', 'El tipo de contrato debe ser: Planilla, Subsidio, Part Time']
]
for (const [field, value, message] of fieldRules) {
  test(`batch element with ${field}=${JSON.stringify(value)?.slice(0, 20)} gives body.1.${field}: ${message}`, async (t) => {
    const app = await probeApp(t)
    const bad = sampleEmployee({ [field]: value })
    if (value === undefined) delete bad[field]
    const res = await app.inject({ method: 'POST', url: '/test/batch', payload: [sampleEmployee(), bad] })
    t.equal(res.statusCode, 400)
    t.same(res.json(), { success: false, message: 'La solicitud no se pudo procesar', data: null, errors: [{ field: `body.1.${field}`, message }] })
  })
}

test('Subsidio needs replacementFor and reasonForSubstitution (rules 1-2) but not the other three in a batch (D11)', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({ method: 'POST', url: '/test/batch', payload: [sampleEmployee({ contractType: 'SUBSIDIO' })] })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [
    { field: 'body.0.replacementFor', message: "El campo 'SUPLENCIA DE' es obligatorio para contratos de Subsidio" },
    { field: 'body.0.reasonForSubstitution', message: "El campo 'MOTIVO DE SUPLENCIA' es obligatorio para contratos de Subsidio" }
  ])
  const ok = await app.inject({ method: 'POST', url: '/test/batch', payload: [sampleSubsidio({ timeForCompany: undefined, workingCondition: '', probationaryPeriod: undefined })] })
  t.equal(ok.statusCode, 200)
})

test('the single-record body requires all five Subsidio fields (rule 3, D11)', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({ method: 'POST', url: '/test/one', payload: sampleSubsidio({ timeForCompany: '', workingCondition: undefined, probationaryPeriod: ' ' }) })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [
    { field: 'body.timeForCompany', message: 'El campo Tiempo en empresa es obligatorio' },
    { field: 'body.workingCondition', message: 'La condición laboral es obligatoria' },
    { field: 'body.probationaryPeriod', message: 'El periodo de prueba es obligatorio' }
  ])
})

test('an end date before the entry date is refused (D10)', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({ method: 'POST', url: '/test/batch', payload: [sampleEmployee(), sampleEmployee({ entryDate: '01/12/2026', endDate: '30/11/2026' })] })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [{ field: 'body.1.endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso' }])
  const one = await app.inject({ method: 'POST', url: '/test/one', payload: sampleEmployee({ endDate: '01/01/2020' }) })
  t.same(one.json().errors, [{ field: 'body.endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso' }])
})

test('every bad field of every element is listed, one item per field', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({ method: 'POST', url: '/test/batch', payload: [sampleEmployee({ dni: 'x', salary: -1 }), sampleEmployee({ name: '' })] })
  t.same(res.json().errors.map((e: { field: string }) => e.field), ['body.0.dni', 'body.0.salary', 'body.1.name'])
})

test('an empty list, a missing body and a non-list are refused with the route text', async (t) => {
  const app = await probeApp(t)
  for (const payload of [[], { employees: [] }, { foo: 1 }]) {
    const res = await app.inject({ method: 'POST', url: '/test/batch', payload })
    t.equal(res.statusCode, 400)
    t.same(res.json().errors, [{ field: 'body', message: EMPTY }])
  }
  const none = await app.inject({ method: 'POST', url: '/test/batch' })
  t.equal(none.statusCode, 400)
  t.same(none.json().errors, [{ field: 'body', message: EMPTY }])
})

test('a list over BATCH_MAX is refused before validation with D5 text', async (t) => {
  const app = await probeApp(t, { BATCH_MAX: '3' })
  const res = await app.inject({ method: 'POST', url: '/test/batch', payload: Array.from({ length: 4 }, () => ({})) })
  t.equal(res.statusCode, 400)
  t.same(res.json(), { success: false, message: 'Máximo 3 empleados por lote', data: null, errors: [{ field: 'body', message: 'Máximo 3 empleados por lote' }] })
})

test('prototype keys in a body are refused by the JSON parser and pollute nothing', async (t) => {
  const app = await probeApp(t)
  const record = JSON.stringify(sampleEmployee()).slice(0, -1)
  for (const extra of ['"constructor": {"prototype": {"polluted": true}}', '"__proto__": {"polluted": true}']) {
    const res = await app.inject({ method: 'POST', url: '/test/batch', headers: { 'content-type': 'application/json' }, payload: `[${record}, ${extra}}]` })
    t.equal(res.statusCode, 400)
    t.match(res.json().message, /^El cuerpo JSON contiene una clave prohibida: body\.0\.(__proto__|constructor\.prototype)$/)
  }
  t.equal(({} as Record<string, unknown>).polluted, undefined)
})

test('an empty JSON body reads as no body: the list error, as for []', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({ method: 'POST', url: '/test/batch', headers: { 'content-type': 'application/json' }, payload: '' })
  t.equal(res.statusCode, 400)
  t.same(res.json(), { success: false, message: 'La solicitud no se pudo procesar', data: null, errors: [{ field: 'body', message: EMPTY }] })
})

test('a form upload sent to a JSON route is refused as such', async (t) => {
  const app = await probeApp(t)
  const form = await formPayload([{ name: 'a.csv', bytes: 'x' }])
  const res = await app.inject({ method: 'POST', url: '/test/batch', ...form })
  t.equal(res.statusCode, 400)
  t.equal(res.json().message, 'Tipo de contenido no soportado')
})

test('booleans and objects are type errors, never converted into data', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({ method: 'POST', url: '/test/one', payload: sampleEmployee({ salary: true, lastNameMother: false, position: { a: 1 } }) })
  t.equal(res.statusCode, 400)
  t.same(res.json().errors, [
    { field: 'body.lastNameMother', message: 'Tipo de dato inválido: se esperaba texto' },
    { field: 'body.salary', message: 'El sueldo debe ser un número' },
    { field: 'body.position', message: 'Tipo de dato inválido: se esperaba texto' }
  ])
})

test('a numeric DNI and a numeric-string salary are accepted as JSON clients send them', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({ method: 'POST', url: '/test/one', payload: sampleEmployee({ dni: 45678912, salary: '1500.50' }) })
  t.equal(res.statusCode, 200)
  t.match(res.json(), { dni: '45678912', salary: 1500.5 })
})

test('a salary is at least 0.01 and has at most two decimals (it prints as sent)', async (t) => {
  const app = await probeApp(t)
  for (const [salary, message] of [[1e-9, 'El sueldo debe ser mayor a 0'], [1500.555, 'El sueldo debe tener como máximo 2 decimales']] as const) {
    const res = await app.inject({ method: 'POST', url: '/test/one', payload: sampleEmployee({ salary }) })
    t.same(res.json().errors, [{ field: 'body.salary', message }], String(salary))
  }
  t.equal((await app.inject({ method: 'POST', url: '/test/one', payload: sampleEmployee({ salary: 1500.1 }) })).statusCode, 200)
})

test('date-order errors are listed together with the schema errors, in element order', async (t) => {
  const app = await probeApp(t)
  const res = await app.inject({
    method: 'POST',
    url: '/test/batch',
    payload: [sampleEmployee({ salary: 0, endDate: '01/01/2020' }), sampleEmployee({ dni: 'x' })]
  })
  t.same(res.json().errors, [
    { field: 'body.0.salary', message: 'El sueldo debe ser mayor a 0' },
    { field: 'body.0.endDate', message: 'La fecha de término no puede ser anterior a la fecha de ingreso' },
    { field: 'body.1.dni', message: 'DNI debe tener exactamente 8 dígitos numéricos.' }
  ])
})
