/**
 * Multipart uploads (spec Errors rule 3, D6): one file, in field `excel`, at most MAX_FILE_SIZE
 * bytes. `request.excelUpload()` buffers that file and turns every multipart failure into the
 * spec's Spanish 400, never a 406, 413 or 500.
 *
 * The scans of a paper signature (`POST /api/contracts/{id}/signed` as a form; docs/registry.md;
 * DOCUMENT-REQUIREMENTS §39): `request.scanForm()` reads `signingDate`, `copyDeliveredOn` and the
 * scans, `file` or one part per document kind, each at most MAX_SCAN_BYTES (reading stops there:
 * 413) and typed by its bytes (src/registry/scan-files.ts: 400 otherwise).
 */
import fp from 'fastify-plugin'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, RequestValidationError, UploadError } from '../src/errors.js'
import { formatByteSize } from '../src/units.js'
import { IMPORT_MESSAGES, MESSAGES, REGISTRY_MESSAGES, VALIDATION_MESSAGE } from '../schemas/messages.js'
import { isDayMonthYear } from '../src/vocabulary/dates.js'
import { MAX_SCAN_BYTES, MAX_SCAN_SIDE_PX, scanType } from '../src/registry/scan-files.js'
import type { ScanUpload } from '../src/registry/scans.js'
import type { ScanKind } from '../src/registry/tables.js'

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

/** A paper signature's form: its dates (`DD/MM/YYYY`, checked as dates), and its scans typed by their bytes. */
export interface ScanForm {
  signingDate: string
  copyDeliveredOn?: string
  scans: ScanUpload[]
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Reads the single `excel` file of a multipart request. @throws UploadError (400) */
    excelUpload: (messages?: Partial<UploadMessages>) => Promise<ExcelUpload>
    /**
     * Reads a paper signature's form (ScanForm).
     * @throws AppError 413 (`CONTRATOS_SCAN_TOO_LARGE`) for a part over MAX_SCAN_BYTES;
     *   RequestValidationError (400) on `body.<part>` for a part of no known kind, twice, not a PDF,
     *   JPEG or PNG, or too many pixels; on `body` for no scan, or `file` with other parts; on
     *   `body.signingDate`, `body.copyDeliveredOn` for a date missing or not `DD/MM/YYYY`
     */
    scanForm: () => Promise<ScanForm>
  }
}

/** The parts a scan comes in: one PDF of all pages, or one per document (`cargo`: the worker's receipt of the copy). */
const SCAN_PARTS: readonly ScanKind[] = ['file', 'contrato', 'tratamiento-datos', 'anexo', 'adenda', 'cargo']
const SCAN_FIELDS = ['signingDate', 'copyDeliveredOn'] as const

const invalid = (field: string, message: string) =>
  new RequestValidationError(VALIDATION_MESSAGE.default, [{ field, message }])

async function readScanForm (request: FastifyRequest): Promise<ScanForm> {
  if (!request.isMultipart()) throw invalid('body', REGISTRY_MESSAGES.scanNone)
  const fields: Partial<Record<typeof SCAN_FIELDS[number], string>> = {}
  const scans: ScanUpload[] = []
  try {
    const limits = { fileSize: MAX_SCAN_BYTES, files: SCAN_PARTS.length, fields: 4, parts: 12, fieldSize: 64 }
    const parts = request.parts({ limits })
    for await (const part of parts) {
      if (part.type === 'field') {
        const known = (SCAN_FIELDS as readonly string[]).includes(part.fieldname)
        if (!known || typeof part.value !== 'string') {
          throw invalid(`body.${part.fieldname}`, REGISTRY_MESSAGES.scanPart(SCAN_PARTS.join(', ')))
        }
        fields[part.fieldname as typeof SCAN_FIELDS[number]] = part.value
        continue
      }
      const kind = part.fieldname as ScanKind
      if (!SCAN_PARTS.includes(kind)) {
        await part.toBuffer().catch(() => {})
        throw invalid(`body.${part.fieldname}`, REGISTRY_MESSAGES.scanPart(SCAN_PARTS.join(', ')))
      }
      // throwFileSizeLimit: reading stops at MAX_SCAN_BYTES and the part rejects (413 below)
      const scan = typedScan(kind, await part.toBuffer())
      // a browser form submitted without choosing a file sends an empty part
      if (scan === undefined) continue
      if (scans.some((other) => other.kind === kind)) throw invalid(`body.${kind}`, REGISTRY_MESSAGES.scanTwice(kind))
      scans.push(scan)
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw new AppError(413, REGISTRY_MESSAGES.scanTooLarge(formatByteSize(MAX_SCAN_BYTES)), { code: 'CONTRATOS_SCAN_TOO_LARGE' })
    }
    throw invalid('body', REGISTRY_MESSAGES.scanMultipart)
  }
  return checkedForm(fields, scans)
}

/** A part's bytes as a scan of `kind`, typed by its bytes; undefined when empty. @throws RequestValidationError */
function typedScan (kind: ScanKind, bytes: Buffer): ScanUpload | undefined {
  if (bytes.length === 0) return undefined
  const type = scanType(bytes)
  if ('refusal' in type) {
    const message = type.refusal === 'type' ? REGISTRY_MESSAGES.scanType(kind) : REGISTRY_MESSAGES.scanPixels(kind, MAX_SCAN_SIDE_PX)
    throw invalid(`body.${kind}`, message)
  }
  return { kind, mediaType: type.mediaType, bytes }
}

/** The form's dates checked, and at least one scan: `file` (with a `cargo` at most) or parts per document. */
function checkedForm (fields: Partial<Record<typeof SCAN_FIELDS[number], string>>, scans: ScanUpload[]): ScanForm {
  const { signingDate, copyDeliveredOn } = fields
  if (signingDate === undefined) throw invalid('body.signingDate', MESSAGES.signingDate.required)
  for (const [field, value] of Object.entries(fields)) {
    if (!isDayMonthYear(value)) throw invalid(`body.${field}`, MESSAGES.signingDate.invalid)
  }
  if (scans.length === 0) throw invalid('body', REGISTRY_MESSAGES.scanNone)
  if (scans.some((scan) => scan.kind === 'file') && scans.some((scan) => scan.kind !== 'file' && scan.kind !== 'cargo')) {
    throw invalid('body', REGISTRY_MESSAGES.scanFileAndKinds)
  }
  return { signingDate, copyDeliveredOn, scans }
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
  app.decorateRequest('scanForm', function (this: FastifyRequest) {
    return readScanForm(this)
  })
}, { name: 'multipart', dependencies: ['config'] })
