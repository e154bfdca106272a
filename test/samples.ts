/** Sample employees shared by the tests and the scripts (measure, render): valid per schemas/employee.ts. */

/** A valid Planilla employee (spec Employee record), with optional overrides. */
export function sampleEmployee (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Rosa María',
    lastNameFather: 'Quispe',
    lastNameMother: 'Mamani',
    birthDate: '15/03/1990',
    sex: 'F',
    dni: '12345678',
    email: 'rosa.quispe@example.com',
    address: 'Av. Los Álamos 123, Urb. San Ignacio',
    province: 'Lima',
    district: 'Miraflores',
    department: 'Lima',
    salary: 1500,
    salaryInWords: 'MIL QUINIENTOS CON 00/100 SOLES',
    position: 'Operario de playa',
    entryDate: '01/12/2026',
    endDate: '31/05/2027',
    subDivisionOrParking: 'Playa Larcomar',
    contractType: 'Planilla',
    ...overrides
  }
}

/** A valid Subsidio employee with every replacement field. */
export function sampleSubsidio (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return sampleEmployee({
    dni: '87654321',
    contractType: 'Subsidio',
    replacementFor: 'Juan Pérez Gómez',
    reasonForSubstitution: 'Descanso médico',
    timeForCompany: '2 años',
    workingCondition: 'Tiempo completo',
    probationaryPeriod: '3 meses',
    ...overrides
  })
}

/** A valid addendum record (spec "Addendum employee record", as the addendum upload returns it), with optional overrides. */
export function sampleAddendum (overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    division: 'Playas Lima',
    documentNumber: '01234567',
    worker: 'Rosa María Quispe Mamani',
    entryDate: '01/03/2024',
    start: '01/06/2025',
    end: '30/11/2025',
    startAddendum: '01/12/2025',
    endAddendum: '31/05/2026',
    address: 'Av. Los Álamos 123, Miraflores',
    province: 'Lima',
    district: 'Miraflores',
    department: 'Lima',
    salary: 1650,
    salaryInWords: 'MIL SEISCIENTOS CINCUENTA CON 00/100 SOLES',
    ...overrides
  }
}
