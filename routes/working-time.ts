import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { SHARED_CONTRACT_FIELDS } from '../schemas/employee.js'
import { ERROR_RESPONSES } from '../schemas/envelope.js'
import { VALIDATION_MESSAGE } from '../schemas/messages.js'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import { RequestValidationError } from '../src/errors.js'
import { readWeek } from '../src/employees/working-time-rules.js'

/** A week to read: the record's working-time fields and its contract type (the default week is the type's). */
const WorkingTimeBodySchema = Type.Object({
  contractType: Type.Optional(SHARED_CONTRACT_FIELDS.contractType),
  workDays: Type.Optional(SHARED_CONTRACT_FIELDS.workDays),
  workSchedule: Type.Optional(SHARED_CONTRACT_FIELDS.workSchedule),
  workingTime: Type.Optional(SHARED_CONTRACT_FIELDS.workingTime)
}, { additionalProperties: false })

const Text = Type.String()

/**
 * `POST /api/working-time`: a week as the service reads it, for a form that edits one (the console's
 * schedule editor): the canonical DÍAS DE TRABAJO and HORARIO, the weekly hours and the weekly rest
 * as a contract prints them (DOCUMENT-REQUIREMENTS §22, §33), and the working-time rules' refusals
 * of that week (`issues`, as download-zip would give them on these fields). Nothing is recorded.
 * A week that cannot be read is a 400 on its field. Additive route (D22's rule).
 */
const workingTime: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/working-time', {
    config: { endpoint: 'workingTime', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['contracts'],
      summary: 'Lee una jornada como la lee el servicio: días y horario canónicos, horas semanales, descanso semanal y sus observaciones',
      body: WorkingTimeBodySchema,
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          data: Type.Object({
            workDays: Type.String({ description: 'DÍAS DE TRABAJO como el servicio los escribe' }),
            workSchedule: Type.String({ description: 'HORARIO como el servicio lo escribe' }),
            weeklyHours: Type.String({ description: 'las horas de la semana (el promedio del ciclo), como las imprime el contrato' }),
            weeklyRest: Type.String({ description: 'el descanso semanal que da la jornada, como lo imprime el contrato; vacío si no hay' }),
            issues: Type.Array(Type.Object({ field: Text, message: Text }), {
              description: 'lo que las reglas de la jornada rechazan de esta semana (§12, §22, §23, §33)'
            })
          })
        }),
        ...ERROR_RESPONSES
      }
    }
  }, async (request) => {
    const { contractType = 'Planilla', ...fields } = request.body
    const reading = readWeek(fields, contractType, app.employerProfile)
    if ('unreadable' in reading) throw new RequestValidationError(VALIDATION_MESSAGE.default, reading.unreadable)
    return { success: true as const, data: reading }
  })
}
export default workingTime
