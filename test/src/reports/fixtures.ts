/** Employees for the report tests: accents, ñ, a DNI with a leading zero, every sex spelling (D8). */
export const REPORT_EMPLOYEES = [
  {
    name: 'Rosa María',
    lastNameFather: 'Quispe',
    lastNameMother: 'Muñoz',
    dni: '01234567',
    position: 'Operaria de playa',
    subDivisionOrParking: 'Playa Larcomar',
    salary: 1500,
    sex: 'Femenino',
    birthDate: '15/03/1990',
    entryDate: '01/12/2026',
    endDate: '31/05/2027'
  },
  {
    name: 'José Ñique',
    lastNameFather: 'Peña',
    lastNameMother: 'Álvarez',
    dni: '87654321',
    position: 'Supervisor de estacionamiento',
    subDivisionOrParking: 'Estacionamiento Jockey Plaza',
    salary: 2750.5,
    sex: 'M',
    birthDate: '29/02/1988',
    entryDate: '02/01/2027',
    endDate: '01/01/2028'
  },
  {
    name: 'Ana',
    lastNameFather: 'Huamán',
    lastNameMother: 'Ccori',
    dni: '45678912',
    position: 'Cajera',
    subDivisionOrParking: 'Playa Miraflores',
    salary: 1130,
    sex: 'F',
    birthDate: '01/01/1900',
    entryDate: '28/02/2027',
    endDate: '28/02/2027'
  },
  {
    name: 'Luis',
    lastNameFather: 'Torres',
    lastNameMother: 'Vega',
    dni: '11111111',
    position: 'Operario',
    subDivisionOrParking: 'Playa Surco',
    salary: 0.01,
    sex: 'Masculino',
    birthDate: '31/12/2005',
    entryDate: '15/06/2026',
    endDate: '14/06/2027'
  }
] as const

export type ReportEmployee = (typeof REPORT_EMPLOYEES)[number]
