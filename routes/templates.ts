import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { CONTRACT_TYPES, SEX_VALUES } from '../schemas/employee.js'
import { fileResponse } from '../schemas/reports.js'
import { employerPublicProfile } from '../src/employer/public-profile.js'
import { XLSX_MEDIA_TYPE } from '../src/reports/workbook.js'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import { TEMPLATES, buildImportTemplate, type TemplateLists } from '../src/spreadsheets/template.js'

/**
 * `GET /api/templates/employees.xlsx` and `/addenda.xlsx` (additive like D22; docs/import.md): the
 * import templates, with the closed values of the employer profile (positions, modalities, sites)
 * as drop-down lists. Built at start-up, and again when the causes in force change.
 */
const templates: FastifyPluginAsyncTypebox = async (app) => {
  const build = (employer: typeof app.employerProfile) => {
    const profile = employerPublicProfile(employer)
    const lists: TemplateLists = {
      contractType: CONTRACT_TYPES,
      sex: SEX_VALUES,
      modality: profile.modalities.map((modality) => modality.name),
      position: [...new Set(profile.positions.flatMap((position) => [position.name, position.feminineName]))],
      // by name: the service reads a ground by its code or its name (src/vocabulary/substitution.ts)
      substitutionGround: profile.substitutionGrounds.map((ground) => ground.name),
      'supportDocument.kind': profile.supportDocumentKinds.map((kind) => kind.name),
      probationReason: ['calificado', 'confianza', 'direccion'],
      salaryReductionAgreed: ['SÍ', 'NO'],
      subDivisionOrParking: profile.sites.map((site) => site.name),
      // the causes counsel approved (DOCUMENT-REQUIREMENTS §21), by their text: a contract's in CAUSA
      // OBJETIVA (a reviewed text is that cause), an adenda's in CAUSA (read as the cause of that text
      // whose period covers the extension, src/employer/reviewed-causes.ts causeIdByText)
      causeId: [...new Set(profile.causes.map((cause) => cause.text))],
      objectiveCause: [...new Set(profile.causes.map((cause) => cause.text))]
    }
    return {
      employee: Buffer.from(buildImportTemplate('employee', { ...lists, causeId: [] }, app.config.BATCH_MAX)),
      addendum: Buffer.from(buildImportTemplate('addendum', lists, app.config.ADDENDUM_BATCH_MAX))
    }
  }
  // built again only when the causes in force change (app.causeCatalogue)
  let built = { profile: app.employerProfile, files: build(app.employerProfile) }
  const send = (reply: FastifyReply, kind: keyof typeof built.files) => {
    const employer = app.employerProfile
    if (built.profile !== employer) built = { profile: employer, files: build(employer) }
    const { fileName } = TEMPLATES[kind]
    return reply.sendBinary(built.files[kind], { mediaType: XLSX_MEDIA_TYPE, disposition: 'attachment', fileName, fixedName: true })
  }

  for (const [path, kind, upload] of [
    ['/employees.xlsx', 'employee', 'POST /api/excel/upload'],
    ['/addenda.xlsx', 'addendum', 'POST /api/addendum/upload']
  ] as const) {
    app.get(path, {
      config: { access: ROUTE_ACCESS.signedIn }, // the employer's closed lists, no personal data
      schema: {
        tags: ['import'],
        summary: `Plantilla .xlsx para ${upload}`,
        description: 'Encabezados aceptados en orden, una nota por columna, listas desplegables donde los valores son ' +
          'cerrados y una hoja "Instrucciones". Se lee solo la primera hoja.',
        response: { 200: fileResponse(XLSX_MEDIA_TYPE, TEMPLATES[kind].fileName) }
      }
    }, async (_request, reply) => send(reply, kind))
  }
}
export default templates
