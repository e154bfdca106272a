/**
 * Multipart uploads (spec Errors rule 3, D6): one file, in field `excel`, at most MAX_FILE_SIZE
 * bytes. `request.excelUpload()` buffers that file and turns every multipart failure into the
 * spec's Spanish 400, never a 406, 413 or 500.
 */
import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { UploadError } from '../src/errors.js'
import { formatByteSize } from '../src/units.js'
import { IMPORT_MESSAGES } from '../schemas/messages.js'

/** The uploaded file, fully buffered (≤ MAX_FILE_SIZE bytes). */
export interface ExcelUpload {
  filename: string
  mimetype: string
  bytes: Buffer
}

/** Texts of the upload-layer rejections; routes may override them (the addendum upload has its own). */
export interface UploadMessages {
  noFile: string
  tooLarge: string
  tooMany: string
  wrongField: string
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Reads the single `excel` file of a multipart request. @throws UploadError (400) */
    excelUpload: (messages?: Partial<UploadMessages>) => Promise<ExcelUpload>
  }
}

/** The field every upload uses (spec Endpoints). */
export const UPLOAD_FIELD = 'excel'

/** Which of our texts answers each of @fastify/multipart's errors, matched by class (its `multipartErrors`). */
function uploadMessageKey (errors: FastifyInstance['multipartErrors'], error: unknown): keyof UploadMessages | undefined {
  if (error instanceof errors.RequestFileTooLargeError) return 'tooLarge'
  if (error instanceof errors.FilesLimitError) return 'tooMany'
  if (error instanceof errors.InvalidMultipartContentTypeError) return 'noFile'
  return undefined
}

async function readExcelUpload (request: FastifyRequest, messages: UploadMessages): Promise<ExcelUpload> {
  if (!request.isMultipart()) throw new UploadError(messages.noFile)
  let upload: ExcelUpload | undefined
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      // a browser form submitted without choosing a file sends an empty part named ""
      if (part.filename === '' && (await part.toBuffer()).length === 0) continue
      if (part.fieldname !== UPLOAD_FIELD) throw new UploadError(messages.wrongField)
      if (upload !== undefined) throw new UploadError(messages.tooMany)
      upload = { filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() }
    }
  } catch (error) {
    if (error instanceof UploadError) throw error
    const key = uploadMessageKey(request.server.multipartErrors, error)
    if (key !== undefined) throw new UploadError(messages[key])
    // parts/fields limits, prototype keys, a truncated body: the request is not a usable upload
    throw new UploadError(IMPORT_MESSAGES.upload.invalidMultipart, { data: null })
  }
  if (upload === undefined) throw new UploadError(messages.noFile)
  return upload
}

export default fp(async (app) => {
  const maxFileSizeBytes = app.config.MAX_FILE_SIZE
  const defaults: UploadMessages = {
    noFile: IMPORT_MESSAGES.upload.noFile,
    tooLarge: IMPORT_MESSAGES.upload.tooLarge(formatByteSize(maxFileSizeBytes)),
    tooMany: IMPORT_MESSAGES.upload.tooMany,
    wrongField: IMPORT_MESSAGES.upload.wrongField
  }
  await app.register(multipart, {
    limits: { fileSize: maxFileSizeBytes, files: 1, fields: 20, parts: 30, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true
  })
  app.decorateRequest('excelUpload', function (this: FastifyRequest, messages: Partial<UploadMessages> = {}) {
    return readExcelUpload(this, { ...defaults, ...messages })
  })
}, { name: 'multipart', dependencies: ['config'] })
