import { Type, type Static } from '@sinclair/typebox'

const text = (label: string, minLength: number, maxLength: number) => Type.String({
  minLength,
  maxLength,
  'x-messages': { required: `falta ${label}`, invalid: `${label} debe tener entre ${minLength} y ${maxLength} caracteres` }
})

/**
 * The employer's data printed in every document: assets/employer-profile.json, or the
 * file named by EMPLOYER_PROFILE. Checked at start-up; a bad profile stops the service.
 */
export const EmployerProfileSchema = Type.Object({
  legalName: text('la razón social', 2, 120),
  ruc: Type.String({ pattern: '^[0-9]{11}$', 'x-messages': { required: 'falta el RUC', invalid: 'el RUC debe tener 11 dígitos' } }),
  address: text('el domicilio', 5, 200),
  representative: Type.Object({
    name: text('el nombre del representante', 2, 120),
    dni: Type.String({
      pattern: '^[0-9]{8}$',
      'x-messages': { required: 'falta el DNI del representante', invalid: 'el DNI del representante debe tener 8 dígitos' }
    }),
    role: text('el cargo del representante', 2, 80)
  }, { 'x-messages': { required: 'falta el representante', invalid: 'el representante debe ser un objeto' } }),
  signingCity: text('la ciudad de suscripción', 2, 60)
}, { 'x-messages': { required: 'falta el perfil', invalid: 'el perfil debe ser un objeto JSON' } })
export type EmployerProfile = Static<typeof EmployerProfileSchema>
