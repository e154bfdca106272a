import { test } from 'tap'
import { ADDENDUM_COLUMNS, EMPLOYEE_COLUMNS, headerKey, matchHeaders } from '../../../src/spreadsheets/columns.js'

/** Ways people write one header: as the spec does, upper, lower, without accents, padded, spaced. */
function variants (header: string): string[] {
  const plain = header.normalize('NFD').replace(/\p{M}/gu, '')
  return [header, header.toUpperCase(), header.toLowerCase(), plain, plain.toUpperCase(), `  ${header}\t`, header.replace(/ /g, '  ')]
}

test('headerKey ignores case, accents and surrounding whitespace (D12)', async (t) => {
  t.equal(headerKey('  Dirección '), 'direccion')
  t.equal(headerKey('NÚMERO DE DOCUMENTO'), 'numero de documento')
  t.equal(headerKey('Fecha\u00a0de  Término'), 'fecha de termino')
  t.equal(headerKey('CONDICIÓN LABORAL'), headerKey('condicion laboral'))
})

for (const [name, table] of [['employee', EMPLOYEE_COLUMNS], ['addendum', ADDENDUM_COLUMNS]] as const) {
  test(`every alias of the ${name} table fills its field, however it is written`, async (t) => {
    for (const spec of table) {
      for (const header of spec.headers) {
        // `division` is listed for department too: it belongs to the first field that lists it
        const owner = table.find((candidate) => candidate.headers.some((h) => headerKey(h) === headerKey(header)))
        for (const written of variants(header)) {
          const { fields } = matchHeaders(['Observaciones', written], table)
          t.equal(fields.get(1)?.field, owner?.field, `${JSON.stringify(written)} → ${owner?.field}`)
          t.notOk(fields.has(0), 'an unknown header is ignored')
        }
      }
    }
  })
}

test('the addendum header "division" fills division, so department needs its own header', async (t) => {
  const { fields } = matchHeaders(['division'], ADDENDUM_COLUMNS)
  t.equal(fields.get(0)?.field, 'division')
  t.notOk([...fields.values()].some((spec) => spec.field === 'department'))
})

test('required headers: every non-optional field; optional and Subsidio columns may be absent', async (t) => {
  const { missing } = matchHeaders([], EMPLOYEE_COLUMNS)
  t.same(missing.map((spec) => spec.field), ['name', 'lastNameFather', 'lastNameMother', 'dni', 'email', 'address', 'province', 'district',
    'department', 'position', 'subDivisionOrParking', 'salary', 'entryDate', 'endDate', 'contractType'])
  t.same(matchHeaders([], ADDENDUM_COLUMNS).missing.map((spec) => spec.field), ['documentNumber', 'endAddendum'],
    'the reader requires DNI and FIN ADENDA; the import the others unless the registry holds the contract')
  t.same(ADDENDUM_COLUMNS.filter((spec) => spec.recorded === true).map((spec) => spec.field),
    ['division', 'worker', 'entryDate', 'start', 'end', 'startAddendum', 'address', 'province', 'district', 'department', 'salary'],
    'every other column of the spec\'s addendum record but SUELDO EN LETRAS, written from the salary when absent (D22)')
  t.equal(ADDENDUM_COLUMNS.filter((spec) => !spec.required && spec.recorded !== true).length, 20, 'the adenda\'s own columns (DOCUMENT-REQUIREMENTS §17, §26, §28, §37) and SUELDO EN LETRAS are optional')
})

test('when two columns name the same field, the leftmost one is read', async (t) => {
  const { fields } = matchHeaders(['NOMBRE', undefined, 'Nombre completo'], EMPLOYEE_COLUMNS)
  t.equal(fields.get(0)?.field, 'name')
  t.notOk(fields.has(2))
})
