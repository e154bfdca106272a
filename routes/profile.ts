import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { employerPublicProfile } from '../src/employer/public-profile.js'
import { ROUTE_ACCESS } from '../src/auth/roles.js'

const Text = Type.String()

/**
 * `GET /api/profile`: what a client needs to fill a record that makes a contract that can be signed
 * (docs/endpoints.md): the modalities and their maximum terms, the sites with their address and
 * modalities, the causes counsel reviewed (DOCUMENT-REQUIREMENTS §21), the positions with their
 * feminine name and probation reasons, the suplencia grounds, the per-type defaults, the workplace's
 * week and the RMV. Nothing of the employer's data beyond what the documents print. Additive route
 * (D22's rule). The causes are those in force: counsel's approved catalogue in the registry
 * (`app.causeCatalogue`), built again when it changes.
 */
const profile: FastifyPluginAsyncTypebox = async (app) => {
  let published = { profile: app.employerProfile, data: employerPublicProfile(app.employerProfile) }
  const current = () => {
    const employer = app.employerProfile
    if (published.profile !== employer) published = { profile: employer, data: employerPublicProfile(employer) }
    return published.data
  }
  app.get('/profile', {
    config: { endpoint: 'profile', access: ROUTE_ACCESS.signedIn },
    schema: {
      tags: ['service'],
      summary: 'Modalidades, sedes, causas revisadas, valores por defecto y RMV del perfil del empleador',
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          data: Type.Object({
            positions: Type.Array(Type.Object({
              key: Text,
              name: Text,
              feminineName: Type.String({ description: 'el nombre del puesto para una trabajadora' }),
              aliases: Type.Array(Text),
              probationReasons: Type.Array(Type.Object({
                reason: Type.String({ description: 'calificado, confianza o direccion: probationReason' }),
                maxMonths: Type.Integer(),
                justification: Type.String({ description: 'lo que el contrato imprime como motivo' })
              }), { description: 'Motivos que permiten a este puesto un periodo de prueba mayor de tres meses (art. 10 de la LPCL)' })
            })),
            substitutionGrounds: Type.Array(Type.Object({ code: Text, name: Text }), {
              description: 'Causales de una suplencia (substitutionGround): las causas de suspensión del art. 12 de la LPCL y el destaque temporal'
            }),
            supportDocumentKinds: Type.Array(Type.Object({ code: Text, name: Text }), {
              description: 'Tipos de documento de sustento de una suplencia (supportDocument.kind): CITT de EsSalud, certificado médico…'
            }),
            modalities: Type.Array(Type.Object({ code: Text, name: Text, maxMonths: Type.Integer() })),
            sites: Type.Array(Type.Object({
              name: Text,
              address: Text,
              modalities: Type.Array(Text),
              openAir: Type.Boolean({ description: 'al aire libre: el anexo lista la exposición al sol en los turnos de día (Ley 30102)' })
            })),
            causes: Type.Array(Type.Object({
              id: Text,
              modality: Text,
              sites: Type.Array(Text),
              text: Text,
              period: Type.Object({ from: Text, to: Text }),
              activityStart: Type.Optional(Text),
              justifies: Type.Optional(Type.Object({ days: Text, from: Text, to: Text }))
            })),
            ordinaryWeek: Type.Object({ days: Type.Integer(), hours: Type.Number() }, {
              description: 'la semana ordinaria del centro de trabajo: días (5 o 6) y horas'
            }),
            workWeekDays: Type.Integer({ description: 'ordinaryWeek.days' }),
            contractDefaults: Type.Record(Text, Type.Object({
              modality: Type.Optional(Text),
              weeklyHours: Type.Optional(Type.Number()),
              workDays: Type.Optional(Text),
              workSchedule: Type.Optional(Text),
              probationMonths: Type.Optional(Type.Integer())
            })),
            minimumWage: Type.Number({ description: 'RMV en soles' })
          })
        })
      }
    }
  }, async () => ({ success: true as const, data: current() }))
}
export default profile
