/**
 * The worker's electronic signature (docs/signing-flow.md; DOCUMENT-REQUIREMENTS §39): HR's
 * invitations and the worker's address; the worker's steps through the invitation's token
 * (identity, one-time code, documents, sign or decline) under a `__Host-firma` session; the evidence
 * and the signed files. Thin: each handler is one call of `app.signingFlow` (plugins/signing-flow.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { createHash } from 'node:crypto'
import { Type } from '@sinclair/typebox'
import type { FastifyReply } from 'fastify'
import { ROUTE_ACCESS } from '../src/auth/roles.js'
import { ContractParamsSchema, DniParamsSchema, registrySuccess as success } from '../schemas/registry.js'
import {
  CodeBodySchema, DeclineBodySchema, EmailBodySchema, EvidenceQuerySchema, IdentityBodySchema, InvitationBodySchema,
  InvitationListQuerySchema, InvitationParamsSchema, InvitationSchema, ListedInvitationSchema, SIGNING_ERRORS,
  SignBodySchema, SignedQuerySchema, TokenKindParamsSchema, TokenParamsSchema
} from '../schemas/signing.js'

/** A 200 whose `data` is an object of its own shape (the state, the signature's answer, the evidence). */
const OPEN_SUCCESS = Type.Object({ success: Type.Literal(true), data: Type.Object({}, { additionalProperties: true }) })

/** A PDF of the flow: never run in this origin, its SHA-256 in a header. */
function sendPdf (reply: FastifyReply, file: { bytes: Uint8Array, sha256: string }, fileName: string, disposition: 'inline' | 'attachment') {
  return reply.header('x-content-sha256', file.sha256).header('content-security-policy', 'sandbox').header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer').sendBinary(file.bytes, { mediaType: 'application/pdf', disposition, fileName })
}

const signingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const flow = app.signingFlow

  app.put('/workers/:dni/email', {
    config: { endpoint: 'workerEmail', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['signing'],
      summary: 'Registra el correo del trabajador al que llegan sus invitaciones a firmar; cada cambio queda registrado (quién, cuándo)',
      params: DniParamsSchema,
      body: EmailBodySchema,
      response: {
        200: success({
          dni: Type.String(),
          email: Type.String(),
          changes: Type.Array(Type.Object({
            email: Type.String(),
            source: Type.String(),
            setBy: Type.Union([Type.String(), Type.Null()]),
            setAt: Type.String()
          }))
        }),
        ...SIGNING_ERRORS
      }
    }
  }, async (request) => {
    request.auditRead([request.params.dni])
    return {
      success: true as const,
      data: await flow.setEmail(request.params.dni, request.body.email,
        flow.context(request))
    }
  })

  app.post('/signing/invitations', {
    config: { endpoint: 'signingInvitations', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['signing'],
      summary: 'Invita a firmar electrónicamente: una invitación por contrato (con su tratamiento de datos y anexo) o adenda',
      description: '409 diciendo por qué: sin correo, un correo de la empresa o de otro trabajador, un documento no emitido o ya iniciado. ' +
        'link solo sin SMTP_URL (demostración), y solo en esta respuesta.',
      body: InvitationBodySchema,
      response: { 201: success({ invitations: Type.Array(InvitationSchema) }), ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    const invitations = await flow.invite(request.body.contractIds, flow.context(request),
      (dnis) => { request.auditRead(dnis) })
    return await reply.code(201).send({ success: true as const, data: { invitations: invitations as never } })
  })

  app.get('/signing/invitations', {
    config: { endpoint: 'signingInvitationList', access: ROUTE_ACCESS.signatures },
    schema: {
      tags: ['signing'],
      summary: 'Invitaciones a firmar por estado (queued, sent, opened, signed, declined y su elección, expired, revoked, locked), las más recientes primero',
      description: 'ETag: con If-None-Match igual, 304 sin cuerpo ' +
        '(la consola consulta cada 10 s y solo lee, y queda en la auditoría, lo que cambió).',
      querystring: InvitationListQuerySchema,
      response: {
        200: success({ invitations: Type.Array(ListedInvitationSchema) }),
        304: Type.Null(),
        ...SIGNING_ERRORS
      }
    }
  }, async (request, reply) => {
    const invitations = await flow.list(request.query.status)
    // the list's own hash: an unchanged list answers 304, sends no personal data and is not audited
    const etag = `"${createHash('sha256').update(JSON.stringify(invitations)).digest('base64url').slice(0, 27)}"`
    reply.header('etag', etag)
    if (request.headers['if-none-match'] === etag) return await reply.code(304).send(null)
    request.auditRead([...new Set(invitations.map((invitation) => invitation.dni))])
    return { success: true as const, data: { invitations: invitations as never } }
  })

  app.delete('/signing/invitations/:id', {
    config: { endpoint: 'signingInvitation', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['signing'],
      summary: 'Revoca una invitación a firmar abierta: su enlace deja de servir',
      params: InvitationParamsSchema,
      response: { 200: success({ id: Type.String(), status: Type.Literal('revoked') }), ...SIGNING_ERRORS }
    }
  }, async (request) => {
    request.auditRead([(await flow.revoke(request.params.id, flow.context(request))).dni])
    return { success: true as const, data: { id: request.params.id, status: 'revoked' as const } }
  })

  app.post('/signing/invitations/:id/copy', {
    config: { endpoint: 'signingInvitationCopy', access: ROUTE_ACCESS.hr },
    schema: {
      tags: ['signing'],
      summary: 'Reenvía al trabajador su copia firmada (los archivos, su SHA-256 y sus códigos) por correo',
      params: InvitationParamsSchema,
      response: { 202: success({ id: Type.String(), queued: Type.Literal(true) }), ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    request.auditRead([(await flow.resendCopy(request.params.id, flow.context(request))).dni])
    const data = { id: request.params.id, queued: true as const }
    return await reply.code(202).send({ success: true as const, data })
  })

  // the worker's steps: open (no credentials), each POST from the page's own origin

  app.get('/signing/:token', {
    config: { endpoint: 'signingState', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['signing'],
      summary: 'Estado de una invitación para la página del trabajador (no cambia nada)',
      params: TokenParamsSchema,
      response: { 200: OPEN_SUCCESS, ...SIGNING_ERRORS }
    }
  }, async (request) => ({
    success: true as const,
    data: await flow.state(request.params.token,
      flow.context(request))
  }))

  app.post('/signing/:token/identity', {
    config: { endpoint: 'signingIdentity', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['signing'],
      summary: 'El trabajador confirma su DNI y fecha de nacimiento; si coinciden, se envía el código a su correo',
      params: TokenParamsSchema,
      body: IdentityBodySchema,
      response: { 200: success({ email: Type.String(), codeSent: Type.Boolean() }), ...SIGNING_ERRORS }
    }
  }, async (request) => ({
    success: true as const,
    data: await flow.identity(request.params.token, request.body,
      flow.context(request))
  }))

  app.post('/signing/:token/code', {
    config: { endpoint: 'signingCode', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['signing'],
      summary: 'Con code: comprueba el código y abre la sesión de firma (cookie __Host-firma). Con resend: envía otro código',
      params: TokenParamsSchema,
      body: CodeBodySchema,
      response: { 200: success({ session: Type.Boolean(), codeSent: Type.Boolean() }), ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    const { session, data } = await flow.code(request.params.token, request.body, flow.context(request))
    if (session !== undefined) reply.header('set-cookie', flow.sessionCookie(session))
    return { success: true as const, data }
  })

  app.get('/signing/:token/documents/:kind', {
    config: { endpoint: 'signingDocument', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['signing'],
      summary: 'Un documento emitido de la invitación, para leerlo o descargarlo (requiere la sesión de firma); X-Content-SHA256',
      params: TokenKindParamsSchema,
      response: { ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    const { token, kind } = request.params
    return sendPdf(reply, await flow.document(token, kind, flow.context(request)), `${kind}.pdf`, 'inline')
  })

  app.post('/signing/:token/sign', {
    config: { endpoint: 'signingSign', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['signing'],
      summary: 'El trabajador firma: los SHA-256 de los documentos emitidos que leyó y sus respuestas a las finalidades opcionales',
      description: '409 si los SHA-256 no son los emitidos o el contrato ya no está emitido sin firma; una repetición recibe la primera respuesta.',
      params: TokenParamsSchema,
      body: SignBodySchema,
      response: { 200: OPEN_SUCCESS, ...SIGNING_ERRORS }
    }
  }, async (request) => ({
    success: true as const,
    data: await flow.sign(request.params.token, request.body,
      flow.context(request))
  }))

  app.get('/signing/:token/signed/:kind', {
    config: { endpoint: 'signingSignedDocument', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['signing'],
      summary: 'La copia firmada de un documento, para el trabajador que acaba de firmar (con la cookie de su sesión)',
      params: TokenKindParamsSchema,
      response: { ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    const { token, kind } = request.params
    return sendPdf(reply, await flow.signedCopy(token, kind, flow.context(request)), `${kind}-firmado.pdf`, 'attachment')
  })

  app.post('/signing/:token/decline', {
    config: { endpoint: 'signingDecline', access: ROUTE_ACCESS.open },
    schema: {
      tags: ['signing'],
      summary: 'El trabajador prefiere el papel (sin código), no está de acuerdo o indica que el correo no es suyo; sin consecuencia alguna',
      params: TokenParamsSchema,
      body: DeclineBodySchema,
      response: { 200: success({ status: Type.Literal('declined'), choice: Type.String() }), ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    const data = await flow.decline(request.params.token, request.body, flow.context(request))
    reply.header('set-cookie', flow.sessionCookie(undefined))
    return { success: true as const, data }
  })

  app.get('/contracts/:id/evidence', {
    config: { endpoint: 'contractEvidence', access: ROUTE_ACCESS.signatures },
    schema: {
      tags: ['signing'],
      summary: 'La evidencia de la firma electrónica de un contrato o adenda, encadenada por SHA-256 (chainValid)',
      description: 'format=pdf: la constancia de firma electrónica (application/pdf, X-Content-SHA256), generada una sola vez ' +
        'al firmar (o en su primera lectura si el sello no respondió entonces: 503 con Retry-After mientras no responda) y ' +
        'sellada por el empleador; 404 si el contrato no se firmó electrónicamente.',
      params: ContractParamsSchema,
      querystring: EvidenceQuerySchema,
      response: { 200: OPEN_SUCCESS, ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    if (request.query.format === 'pdf') {
      const file = await flow.receipt(request.params.id, flow.context(request))
      request.auditRead([file.dni])
      return sendPdf(reply, file, `${file.dni}-constancia-firma.pdf`, 'attachment')
    }
    const { dni, data } = await flow.evidence(request.params.id)
    request.auditRead([dni])
    return { success: true as const, data }
  })

  app.get('/contracts/:id/signed.pdf', {
    config: { endpoint: 'contractSignedPdf', access: ROUTE_ACCESS.signatures },
    schema: {
      tags: ['signing'],
      summary: 'El documento firmado electrónicamente y sellado (kind: contrato, tratamiento-datos, anexo o adenda)',
      params: ContractParamsSchema,
      querystring: SignedQuerySchema,
      response: { ...SIGNING_ERRORS }
    }
  }, async (request, reply) => {
    const file = await flow.signedPdf(request.params.id, request.query.kind, flow.context(request))
    request.auditRead([file.dni])
    return sendPdf(reply, file, `${file.dni}-${request.query.kind}-firmado.pdf`, 'attachment')
  })
}

export default signingRoutes
