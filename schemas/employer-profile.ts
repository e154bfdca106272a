import { Type, type Static } from '@sinclair/typebox'

/**
 * The employer's data printed in every document (issue 3): assets/employer-profile.json, or the
 * file named by EMPLOYER_PROFILE. Checked at start-up; a bad profile stops the service.
 */
export const EmployerProfileSchema = Type.Object({
  legalName: Type.String({ minLength: 2, maxLength: 120 }),
  ruc: Type.String({ pattern: '^[0-9]{11}$', description: '11-digit RUC' }),
  address: Type.String({ minLength: 5, maxLength: 200 }),
  representative: Type.Object({
    name: Type.String({ minLength: 2, maxLength: 120 }),
    dni: Type.String({ pattern: '^[0-9]{8}$' }),
    role: Type.String({ minLength: 2, maxLength: 80 })
  }),
  signingCity: Type.String({ minLength: 2, maxLength: 60 })
})
export type EmployerProfile = Static<typeof EmployerProfileSchema>
