/**
 * The causes counsel reviews (routes/causes.ts, docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21):
 * a proposal, counsel's edit of one, and a cause as the registry answers it. What a cause says is
 * what the employer profile's `causes[i]` says (schemas/employer-profile.ts); whether the profile can
 * print it (its sites, modality, period, hours) is checked after the schema (src/employer/cause-proposals.ts).
 */
import { Type, type Static } from '@sinclair/typebox'
import { CAUSE_REVIEW_MESSAGES, type FieldMessages } from './messages.js'
import { dayMonthYearSchema, stringEnum } from './common.js'

/** A cause's review: `proposed` (never printed), `approved` (printed), `retired` (no longer printed). */
export const CAUSE_STATUS_VALUES = ['proposed', 'approved', 'retired'] as const

export const CauseIdSchema = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,59}$', examples: ['lince-feria-comercial'], 'x-messages': CAUSE_REVIEW_MESSAGES.id })

const clockTime = (messages: FieldMessages) =>
  Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$', examples: ['18:00'], 'x-messages': messages })

const JustifiesSchema = Type.Object({
  days: Type.String({ minLength: 1, maxLength: 100, examples: ['lunes a domingo'], 'x-messages': CAUSE_REVIEW_MESSAGES.justifiesDays }),
  from: clockTime(CAUSE_REVIEW_MESSAGES.justifiesFrom),
  to: clockTime(CAUSE_REVIEW_MESSAGES.justifiesTo)
}, {
  additionalProperties: false,
  description: 'los días y horas de trabajo que la causa justifica (to antes de from: pasa la medianoche)',
  'x-messages': CAUSE_REVIEW_MESSAGES.justifies
})

/** What a cause says: its modality, sites, text, period and, optionally, the days and hours it justifies. */
const content = {
  modality: Type.String({ minLength: 2, maxLength: 60, examples: ['58'], 'x-messages': CAUSE_REVIEW_MESSAGES.modality }),
  sites: Type.Array(Type.String({ minLength: 1, maxLength: 100, 'x-messages': CAUSE_REVIEW_MESSAGES.site }), {
    minItems: 1, maxItems: 200, uniqueItems: true, 'x-messages': CAUSE_REVIEW_MESSAGES.sites
  }),
  // one sentence: no line breaks or control characters (they would break the printed clause)
  text: Type.String({ minLength: 30, maxLength: 1000, pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f]*$', 'x-messages': CAUSE_REVIEW_MESSAGES.text }),
  period: Type.Object({
    from: dayMonthYearSchema(CAUSE_REVIEW_MESSAGES.periodFrom),
    to: dayMonthYearSchema(CAUSE_REVIEW_MESSAGES.periodTo)
  }, { additionalProperties: false, description: 'el periodo que la causa cubre, ambos días incluidos', 'x-messages': CAUSE_REVIEW_MESSAGES.period }),
  /** §34: an art. 57 cause's opening date; its period ends at most 36 months after it. */
  activityStart: Type.Optional({
    ...dayMonthYearSchema(CAUSE_REVIEW_MESSAGES.activityStart),
    description: 'modalidad 57: el día en que empezó (o empieza) la actividad nueva o su incremento'
  })
}

/** `POST /api/causes`: HR's proposal; without `id`, one is made from the text. */
export const CauseProposalSchema = Type.Object({
  id: Type.Optional(CauseIdSchema),
  ...content,
  justifies: Type.Optional(JustifiesSchema)
}, { additionalProperties: false })
export type CauseProposal = Static<typeof CauseProposalSchema>

/** `PATCH /api/causes/{id}`: counsel's edit of a proposal, the fields it changes; `justifies: null` removes them. */
export const CauseEditSchema = Type.Object({
  modality: Type.Optional(content.modality),
  sites: Type.Optional(content.sites),
  text: Type.Optional(content.text),
  period: Type.Optional(content.period),
  activityStart: content.activityStart,
  justifies: Type.Optional(Type.Union([JustifiesSchema, Type.Null()], { 'x-messages': CAUSE_REVIEW_MESSAGES.justifies }))
}, { additionalProperties: false, minProperties: 1, 'x-messages': { required: CAUSE_REVIEW_MESSAGES.emptyEdit, invalid: CAUSE_REVIEW_MESSAGES.emptyEdit } })
export type CauseEdit = Static<typeof CauseEditSchema>

const Nullable = (description: string) => Type.Union([Type.String(), Type.Null()], { description })

/** A cause as the registry answers it. */
export const CauseSchema = Type.Object({
  id: Type.String(),
  modality: Type.String(),
  sites: Type.Array(Type.String()),
  text: Type.String(),
  period: Type.Object({ from: Type.String(), to: Type.String() }),
  activityStart: Type.Optional(Type.String({ description: 'modalidad 57: el inicio de la actividad (DD/MM/YYYY)' })),
  justifies: Type.Optional(Type.Object({ days: Type.String(), from: Type.String(), to: Type.String() })),
  status: stringEnum(CAUSE_STATUS_VALUES),
  proposedBy: Nullable('quién la propuso (el sujeto de su identidad; employer-profile para las del perfil; null sin autenticación)'),
  approvedBy: Nullable('quién la aprobó (employer-profile para las del perfil); null mientras es propuesta o sin autenticación'),
  retiredBy: Nullable('quién la retiró; null si no está retirada o sin autenticación'),
  at: Type.String({ description: 'cuándo tomó su estado (ISO 8601)' })
})

export const CauseParamsSchema = Type.Object({ id: CauseIdSchema })

export const CauseListQuerySchema = Type.Object({
  status: Type.Optional(stringEnum(CAUSE_STATUS_VALUES, { 'x-messages': CAUSE_REVIEW_MESSAGES.status }))
})
