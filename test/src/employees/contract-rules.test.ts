import { test } from 'tap'
import { RecordIssueCache } from '../../../src/employees/issue-cache.js'
import { contractIssues, minimumSalary, type ContractPolicy } from '../../../src/employees/contract-rules.js'
import { sampleEmployee, sampleSubsidio } from '../../support/samples.js'

const policy: ContractPolicy = { minimumWage: 1130, weeklyHours: { Planilla: 48, 'Part Time': 20, Subsidio: 48 } }

test('the minimum salary is the RMV, or its share of 48 hours for part time, rounded up to the céntimo', async (t) => {
  t.equal(minimumSalary('Planilla', 48, policy), 1130)
  t.equal(minimumSalary('Subsidio', 10, policy), 1130)
  t.equal(minimumSalary('Part Time', 20, policy), 470.84)
  t.equal(minimumSalary('Part Time', 24, policy), 565)
  t.equal(minimumSalary('Part Time', 12, { ...policy, minimumWage: 1025 }), 256.25)
})

test('a valid record has no issues; records that are not objects are left to the schema', async (t) => {
  t.same(contractIssues(sampleEmployee(), '', policy), [])
  t.same(contractIssues(sampleSubsidio({ replacedWorkerDni: '44556677', replacedWorkerPosition: 'Cajera' }), '', policy), [])
  t.same(contractIssues(null, 'body', policy), [])
  t.same(contractIssues('x', 'body', policy), [])
  t.same(contractIssues({ not: 'an employee' }, 'body', policy), [])
  t.same(contractIssues(sampleEmployee({ salary: 'mil', weeklyHours: -1, contractType: 'Otro', signingDate: 3 }), '', policy), [], 'wrong types are the schema\'s')
})

test('issues carry the row or body path', async (t) => {
  const cache = new RecordIssueCache()
  const records = [sampleEmployee(), sampleEmployee({ salary: 1000, salaryInWords: undefined })]
  t.same(records.flatMap((record, index) =>
    cache.issues('contract', record, `body.${index}`, () => (one, prefix) => contractIssues(one, prefix, policy))),
  [{ field: 'body.1.salary', message: 'El sueldo no puede ser menor a la remuneración mínima vital (S/ 1,130.00)' }])
  t.same(contractIssues(sampleEmployee({ replacedWorkerPosition: 'Cajera' }), '', policy),
    [{ field: 'replacedWorkerPosition', message: 'El cargo del suplido solo corresponde a contratos de Subsidio' }])
})

test('a salary beyond the words the service writes needs its words given', async (t) => {
  t.same(contractIssues(sampleEmployee({ salary: 1e9, salaryInWords: undefined }), 'body', policy),
    [{ field: 'body.salaryInWords', message: 'El sueldo en letras es requerido para sueldos mayores a 999,999,999.99' }])
  t.same(contractIssues(sampleEmployee({ salary: 1e9, salaryInWords: 'MIL MILLONES DE SOLES' }), 'body', policy), [], 'given words are kept')
})
