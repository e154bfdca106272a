/**
 * Calls to the service's public API (same origin), and the spec's error envelope turned into an
 * ApiError the page can show: `{success: false, message, data, errors}` where `errors` is a list
 * of `{row?, field, message}` or a text.
 */
import { plain, plainIssues } from './plain.js'
import { TEXT } from './texts.js'

/**
 * @typedef {{ row?: number, field: string, message: string, header?: string, column?: string,
 *   sheetMessage?: string }} Issue `column` and `sheetMessage` are the console's (plain.js plainIssues)
 */
/** @typedef {{ row: number, field: string, header?: string, message: string, scope?: 'employer' }} Warning */
/** @typedef {{ batchMax: number, addendumBatchMax: number, maxFileSize: number }} Limits */

export class ApiError extends Error {
  /**
   * @param {number} status HTTP status
   * @param {string} message the envelope's `message` (Spanish, from the service)
   * @param {Issue[]} issues the envelope's `errors` when it is a list
   * @param {string | undefined} detail the envelope's `errors` when it is a text
   * @param {string | undefined} hint the envelope's `data.hint` (what to do: split the file, move a sheet)
   * @param {Record<string, unknown>} data the envelope's `data` when it is an object (a 409's `address` flag)
   */
  constructor (status, message, issues = [], detail = undefined, hint = undefined, data = {}) {
    // the envelope's generic text never stands alone above a field's error: the first issue's message leads
    const led = message === GENERIC_REFUSAL && issues.length > 0
    super(led ? issues[0].message : message)
    this.status = status
    this.issues = issues
    this.detail = detail
    this.hint = hint
    this.data = data
    /** The issues the message does not already say (all but the first when the first one leads). */
    this.otherIssues = led ? issues.slice(1) : issues
  }
}

/**
 * The envelope's message of a refused request (spec Errors rule 4, schemas/messages/http.ts
 * VALIDATION_MESSAGE.default): the API keeps it; the page shows the first field's message instead.
 */
const GENERIC_REFUSAL = 'La solicitud no se pudo procesar'

/**
 * Whose columns name a route's fields: the adendas' for `/api/addendum/…`, else the employees'.
 * @param {string} url
 * @returns {'employee' | 'addendum'}
 */
const kindOf = (url) => /\/api\/addendum\//.test(url) ? 'addendum' : 'employee'

/**
 * The ApiError of a non-2xx response: its envelope when it has one, else a text naming the status
 * (a proxy's HTML page, a cut connection).
 * @param {Response} response
 * @returns {Promise<ApiError>}
 */
async function errorOf (response) {
  try {
    const body = await response.json()
    if (body !== null && typeof body === 'object' && typeof body.message === 'string') {
      // in HR's words: a cause by its text, a modality by its name (plain.js)
      const kind = kindOf(response.url)
      const issues = Array.isArray(body.errors) ? plainIssues(/** @type {Issue[]} */ (body.errors), false, kind) : []
      const detail = typeof body.errors === 'string' ? plain(body.errors, { kind }) : undefined
      const retry = response.headers.get('retry-after')
      const message = retry !== null ? `${plain(body.message, { kind })} ${TEXT.retryAfter(retry)}` : plain(body.message, { kind })
      const hint = typeof body.data?.hint === 'string' ? body.data.hint : undefined
      const data = body.data !== null && typeof body.data === 'object' ? body.data : {}
      return new ApiError(response.status, message, issues, detail, hint, data)
    }
  } catch {}
  return new ApiError(response.status, TEXT.httpStatus(response.status))
}

/**
 * @typedef {object} TokenProvider
 * @property {() => string | undefined} token the access token to send, or undefined when none is held
 * @property {() => Promise<boolean>} renew after a 401: true once a new token is held (the call is
 *   sent again); false when none could be had; it may also leave the page to sign in again
 */

/** @type {TokenProvider | undefined} */
let tokens

/**
 * Makes every call carry `Authorization: Bearer <token>` and renew the token once on a 401
 * (console/js/auth.js sets it with AUTH_MODE=oidc, docs/security.md).
 * @param {TokenProvider} provider
 */
export function setTokenProvider (provider) {
  tokens = provider
}

/**
 * `init` with the access token, when there is one.
 * @param {RequestInit | undefined} init
 * @returns {RequestInit | undefined}
 */
function withToken (init) {
  const token = tokens?.token()
  if (token === undefined) return init
  const headers = new Headers(init?.headers)
  headers.set('authorization', `Bearer ${token}`)
  return { ...init, headers }
}

/**
 * fetch, with the access token when signed in (renewed and sent again once on a 401), and a
 * network failure turned into an ApiError (status 0).
 * @param {string} path
 * @param {RequestInit} [init]
 * @param {boolean} [notModified] a 304 is an answer too (a conditional GET), not a refusal
 * @returns {Promise<Response>}
 */
async function call (path, init, notModified = false) {
  let response
  try {
    response = await fetch(path, withToken(init))
    if (response.status === 401 && tokens !== undefined && await tokens.renew()) {
      response = await fetch(path, withToken(init))
    }
  } catch {
    throw new ApiError(0, TEXT.network)
  }
  if (!response.ok && !(notModified && response.status === 304)) throw await errorOf(response)
  return response
}

/** @returns {Promise<Limits>} the batch and file limits configured on the service (`GET /api/limits`) */
export async function getLimits () {
  const body = await (await call('/api/limits')).json()
  return body.data
}

/**
 * @typedef {{ positions: { key: string, name: string, feminineName?: string, aliases: string[],
 *     probationReasons?: { reason: string, maxMonths: number, justification: string }[] }[],
 *   modalities: { code: string, name: string, maxMonths: number }[],
 *   sites: { name: string, address: string, modalities: string[] }[],
 *   causes: { id: string, modality: string, sites: string[], text: string, period: { from: string, to: string },
 *     justifies?: { days: string, from: string, to: string } }[],
 *   substitutionGrounds: { code: string, name: string }[],
 *   supportDocumentKinds?: { code: string, name: string }[],
 *   ordinaryWeek?: { days: number, hours: number },
 *   contractDefaults: Record<string, { modality?: string, weeklyHours?: number, workDays?: string,
 *     workSchedule?: string, probationMonths?: number }> }} Profile
 */

/** @returns {Promise<Profile>} the catalogue, modalities and reviewed causes (`GET /api/profile`) */
export async function getProfile () {
  const body = await (await call('/api/profile')).json()
  return body.data
}

/** The document event after refreshProfile: the tabs show again what depends on the causes. */
export const PROFILE_EVENT = 'contratos:profile'

/**
 * Reads the profile again into the same object every tab holds (an approved or retired cause changes
 * its `causes`), then tells the tabs (PROFILE_EVENT).
 * @param {Profile | undefined} profile
 */
export async function refreshProfile (profile) {
  if (profile === undefined) return
  Object.assign(profile, await getProfile())
  document.dispatchEvent(new Event(PROFILE_EVENT))
}

/**
 * GETs a file (an import template) and reads it whole.
 * @param {string} path e.g. `/api/templates/employees.xlsx`
 * @returns {Promise<{ blob: Blob, fileName: string }>} the name from Content-Disposition, else the path's last part
 */
export async function getFile (path) {
  const response = await call(path)
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? path.split('/').pop() ?? 'descarga'
  return { blob: await response.blob(), fileName }
}

/**
 * Uploads one spreadsheet in the multipart field `excel`.
 * @param {string} path `/api/excel/upload?partial=true` or `/api/addendum/upload?partial=true`
 * @param {File} file
 * @returns {Promise<any>} the JSON reply
 */
export async function uploadSheet (path, file) {
  const form = new FormData()
  form.append('excel', file, file.name)
  const reply = await (await call(path, { method: 'POST', body: form })).json()
  // the rows' issues and warnings in HR's words (plain.js)
  const data = reply?.data
  if (data !== null && typeof data === 'object') {
    for (const key of ['errors', 'contractIssues', 'documentIssues', 'warnings']) {
      if (Array.isArray(data[key])) data[key] = plainIssues(data[key], key === 'warnings', kindOf(path))
    }
  }
  return reply
}

/**
 * POSTs JSON and reads the binary answer whole, reporting bytes as they arrive.
 * @param {string} path
 * @param {unknown} body
 * @param {(received: number) => void} [onProgress] called after each chunk with the bytes received so far
 * @returns {Promise<{ bytes: Uint8Array, blob: Blob, fileName: string, type: string }>}
 */
export async function postForFile (path, body, onProgress) {
  const response = await call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const type = response.headers.get('content-type') ?? 'application/octet-stream'
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? 'descarga'
  /** @type {Uint8Array[]} */
  const chunks = []
  let received = 0
  if (response.body === null) throw new ApiError(response.status, TEXT.emptyAnswer)
  const reader = response.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      received += value.byteLength
      onProgress?.(received)
    }
  } catch {
    throw new ApiError(0, TEXT.cutDownload(received))
  }
  const bytes = new Uint8Array(received)
  let offset = 0
  for (const chunk of chunks) { bytes.set(chunk, offset); offset += chunk.byteLength }
  return { bytes, blob: new Blob([bytes], { type: type.split(';')[0] }), fileName, type }
}

/**
 * The file name of a Content-Disposition header: the RFC 5987 `filename*` when present (D18), else `filename`.
 * @param {string | null} header
 * @returns {string | undefined}
 */
export function fileNameOf (header) {
  if (header === null) return undefined
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)
  if (extended !== null) {
    try { return decodeURIComponent(extended[1].trim()) } catch {}
  }
  const plain = /filename\s*=\s*"((?:[^"\\]|\\.)*)"|filename\s*=\s*([^;]+)/i.exec(header)
  if (plain === null) return undefined
  return (plain[1] ?? plain[2]).replace(/\\(.)/g, '$1').trim()
}

/**
 * Sends a JSON request (or a bare GET) and reads the JSON answer (the registry's and the causes' routes,
 * docs/registry.md); a refusal is an ApiError with the envelope's `{field, message}` items.
 * @param {string} path e.g. `/api/contracts/expiring?days=30`
 * @param {'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'} [method]
 * @param {unknown} [body] sent as JSON when given
 * @returns {Promise<any>} the envelope's `data`
 */
export async function requestJson (path, method = 'GET', body = undefined) {
  /** @type {RequestInit} */
  const init = body === undefined
    ? { method }
    : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  return (await (await call(path, init)).json()).data
}

/**
 * A GET that the service may answer 304 (`If-None-Match` with the ETag of the last answer): the
 * invitations' list read every 10 s, which the service audits only when it sends it.
 * @param {string} path
 * @param {string | undefined} etag the last answer's ETag
 * @returns {Promise<{ data: any, etag: string | undefined } | undefined>} undefined when unchanged
 */
export async function requestJsonIfChanged (path, etag) {
  const response = await call(path, etag === undefined ? {} : { headers: { 'if-none-match': etag } }, true)
  if (response.status === 304) return undefined
  return { data: (await response.json()).data, etag: response.headers.get('etag') ?? undefined }
}

/**
 * POSTs a multipart form (a paper signature with its scan, docs/registry.md "Paper and its scan") and
 * reads the JSON answer; a refusal is an ApiError with the envelope's `{field, message}` items.
 * @param {string} path e.g. `/api/contracts/{id}/signed`
 * @param {FormData} form
 * @returns {Promise<any>} the envelope's `data`
 */
export async function sendForm (path, form) {
  return (await (await call(path, { method: 'POST', body: form })).json()).data
}
