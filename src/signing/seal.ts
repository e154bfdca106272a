/**
 * The sealing engine (DOCUMENT-REQUIREMENTS §39): a document the worker signed becomes the issued PDF,
 * byte for byte, followed by two incremental updates (PDF 32000-1 §7.5.6), each written by
 * src/pdf/update.ts (an object stream and a cross-reference stream):
 * 1. the worker's stamp: a content stream appended to the signature page that prints, above the
 *    worker's signing line, who signed, when (Lima), the evidence number, both dates when the printed
 *    signing date is not the signing day, the data notice's optional purposes (SÍ/NO), and a
 *    demonstration notice when the code went to the outbox; and `evidencia.json` attached to the
 *    document (/Names /EmbeddedFiles and the catalog's /AF, PDF 2.0 §14.13);
 * 2. the employer's certification signature (§12.8.2.2 DocMDP, /P 1: no change allowed): a signature
 *    field whose widget, above the employer's signing line, names the certificate's holder "en
 *    representación de" the profile's razón social; /SubFilter /ETSI.CAdES.detached (PAdES, ETSI EN
 *    319 142-1) with a CMS SignedData (src/signing/cms.ts) over the /ByteRange, time-stamped by
 *    SIGNING_TSA_URL (B-T) when there is one (B-B otherwise).
 * The signature block is found from the compiled template the issued document was filled from (its
 * bytes are the document's first bytes: src/pdf/fill.ts): the centred `fullName` and `employerName`
 * widgets under the signing lines (scripts/build-templates.ts, signatures()). Nothing else of any
 * page changes, so pages render alike outside the stamp and the signature's appearance.
 * A record the service draws itself (the constancia de firma electrónica) gets update 2 alone
 * (`sealRecord`), its appearance in RECORD_SEAL_AREA of the last page.
 */
import { createHash } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import type { CompiledTemplate, CompiledWidget } from '../pdf/compiled.js'
import type { FontMetrics } from '../pdf/font-metrics.js'
import { breakLines, type Rect } from '../pdf/layout.js'
import { isWinAnsi, winAnsiCode } from '../pdf/winansi.js'
import { UnicodeSubset, type UnicodeFont } from '../pdf/unicode-font.js'
import { writeUpdate, type RawObject, type UpdateDict } from '../pdf/update.js'
import { SEALING_MESSAGES } from '../../schemas/messages.js'
import { AppError } from '../errors.js'
import { arrayItems, dictValue, editDict, PdfObjects, PdfStructureError } from './pdf-objects.js'
import { buildSignedData, OID } from './cms.js'
import { requestTimestamp, type TimestampAuthority } from './timestamp.js'
import type { LazyIdentity, SigningIdentity } from './certificates.js'
import type { ConsentAnswer, DocumentSealer, SealedDocument, SignedDocumentKind, WorkerSignature } from './types.js'

/**
 * The signature block's geometry in our templates (scripts/build-templates.ts, signatures()): the
 * name field's rectangle starts 38 pt below the signing line, and the line has 70 pt free above it.
 * The stamp and the seal's appearance take 62 pt of that, 3 pt above the line.
 */
const NAME_BELOW_LINE = 38
const AREA_ABOVE_LINE = 3
const AREA_HEIGHT = 62
/** Largest and smallest font size of the stamp's text, pt. */
const MAX_TEXT_SIZE = 7
const MIN_TEXT_SIZE = 4
const LINE_SPACING = 1.2
const PADDING = 3
/** The stamp's ink: dark blue, told apart from the printed text. */
const INK = '0.08 0.2 0.55'
/**
 * Bytes kept for the CMS in /Contents beyond the certificates (the rest of the CMS), and for the
 * time-stamp token (a token with its TSA's certificates is a few KB). A CMS that does not fit is
 * signed again with the room it needed, which later seals keep.
 */
const CMS_ROOM = 4096
const TOKEN_ROOM = 8192
const EXTRA_ROOM = 2048
/** The attachment's name inside the PDF. */
export const EVIDENCE_FILE = 'evidencia.json'

/** Where a template's signature block is: its page object and the areas above each signing line (pt). */
export interface SignatureBlock { page: number, worker: Rect, employer: Rect, fontKey: string }

/**
 * Where the certification signature's widget goes: the page object, its rectangle (pt) and the page's
 * WinAnsi font resource.
 */
interface SealPlace { page: number, area: Rect, fontKey: string }

/**
 * A record the employer seals alone (`sealRecord`: the constancia de firma electrónica, drawn by
 * src/signing/receipt.ts) keeps this rectangle of its last page free for the seal's appearance (pt,
 * from the page's lower left corner) and names its WinAnsi text font (src/pdf/embedded-font.ts) with
 * this resource key on that page.
 */
export const RECORD_SEAL_AREA: Readonly<Rect> = Object.freeze({ x: 56.7, y: 42, width: 300, height: AREA_HEIGHT })
export const RECORD_FONT_KEY = 'F1'

/** What createSealer needs. */
export interface SealerOptions {
  /** The compiled templates the documents were filled from (EngineData.templates). */
  templates: Readonly<Record<string, CompiledTemplate>>
  /** Metrics of the templates' embedded text font (EngineData.textFont). */
  textFont: FontMetrics
  /** The certificate, its key and holder (src/signing/certificates.ts), or a function making it at the first seal. */
  identity: SigningIdentity | LazyIdentity
  /** The employer's razón social (the employer profile's legalName). */
  legalName: string
  /**
   * The Unicode font (DejaVu Sans, src/pdf/unicode-font.ts), loaded on first use: a paragraph of the
   * stamp or the seal's appearance with a character WinAnsi lacks (a name such as Łukasz or Đặng) is
   * drawn with a subset of it embedded in that update. Absent: such characters lose their accents or
   * print `?` (winAnsiCodes).
   */
  unicode?: () => Promise<UnicodeFont>
  /** The time-stamp authority; absent: PAdES-B-B. */
  tsa?: TimestampAuthority
  /** The clock (tests). */
  now?: () => Date
}

const LIMA = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23'
})

function limaParts (at: Date): Record<string, string> {
  return Object.fromEntries(LIMA.formatToParts(at).map((part) => [part.type, part.value]))
}

/** `DD/MM/AAAA`, `HH:MM` and `HH:MM:SS` of an instant in Lima. */
export interface LimaInstant { date: string, time: string, timeWithSeconds: string }

/** An instant's date (`DD/MM/AAAA`) and time (`HH:MM`, and with its seconds) in Lima. */
export function limaInstant (at: Date): LimaInstant {
  const parts = limaParts(at)
  const time = `${parts.hour}:${parts.minute}`
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time, timeWithSeconds: `${time}:${parts.second}` }
}

/** A PDF date (§7.9.4) in Lima's offset (-05:00, no daylight saving since 1994). */
function pdfDate (at: Date): string {
  const parts = limaParts(at)
  return `D:${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}-05'00'`
}

/** A text string (§7.9.2.2) as UTF-16BE hex with its byte order mark: any character, no escaping. */
function textString (text: string): string {
  const units = Buffer.from(text, 'utf16le').swap16().toString('hex')
  return `<FEFF${units}>`
}

/**
 * The worker's answers to the notice's optional purposes by the letters numeral 7 prints them under
 * (`Finalidades opcionales (numeral 7): a) SÍ; b) NO; c) NO (sin respuesta).`), as the notice's stamp
 * and the constancia say them.
 */
export function consentsLine (consents: readonly ConsentAnswer[]): string {
  return SEALING_MESSAGES.consents(consents
    .map((consent) => SEALING_MESSAGES.consentAnswer(consent.letter, consent.answered, consent.accepted)))
}

/** `text` in WinAnsi bytes for the templates' font: accents kept, others stripped of their marks, the rest `?`. */
export function winAnsiCodes (text: string): number[] {
  const codes: number[] = []
  for (const char of text) {
    let code = winAnsiCode(char.codePointAt(0) as number)
    if (code < 0) {
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '')
      code = plain.length === 1 ? winAnsiCode(plain.codePointAt(0) as number) : -1
    }
    codes.push(code < 0 ? 0x3f : code)
  }
  return codes
}

const num = (value: number) => (Math.round(value * 100) / 100).toString()

/** The fonts of a stamp or an appearance: the WinAnsi text font, and a Unicode subset when a paragraph needs it. */
interface StampFonts {
  text: { key: string, metrics: FontMetrics }
  unicode?: { key: string, subset: UnicodeSubset }
}

/**
 * Resource key of the Unicode subset an update embeds for its stamp or appearance: not a key of our
 * templates (src/pdf/compiled.ts fontKeys) nor of the constancia (RECORD_FONT_KEY, F2).
 */
const UNICODE_STAMP_KEY = 'FSelloU'

/**
 * A Unicode subset for `paragraphs` when one of them has a character WinAnsi lacks and the font is
 * configured; undefined otherwise (the WinAnsi font draws them all).
 */
async function unicodeFor (
  paragraphs: readonly string[], unicode?: () => Promise<UnicodeFont>
): Promise<UnicodeSubset | undefined> {
  if (unicode === undefined || paragraphs.every((paragraph) => isWinAnsi(paragraph.normalize('NFC')))) return undefined
  return new UnicodeSubset(await unicode())
}

/**
 * Content-stream operators drawing `paragraphs` inside `rect` (origin `x0, y0`), at the largest size
 * from MAX_TEXT_SIZE down that holds every line; a thin frame around. A paragraph WinAnsi encodes is
 * drawn with `fonts.text`, another with `fonts.unicode` when given (else winAnsiCodes: `?`).
 */
function drawParagraphs (
  paragraphs: string[], rect: Rect, origin: { x: number, y: number }, fonts: StampFonts
): string {
  const { unicode } = fonts
  const encoded = paragraphs.map((paragraph) => {
    const text = paragraph.normalize('NFC')
    if (unicode === undefined || isWinAnsi(text)) {
      const codes = winAnsiCodes(text)
      return { unicode: false, codes, advances: codes.map((code) => fonts.text.metrics.widths[code] ?? 500) }
    }
    const codes = [...text].map((char) => char.codePointAt(0) as number)
    return { unicode: true, codes, advances: codes.map((code) => unicode.subset.glyph(code).advance) }
  })
  const innerWidth = rect.width - 2 * PADDING
  const innerHeight = rect.height - 2 * PADDING
  let size = MAX_TEXT_SIZE
  let lines: { paragraph: typeof encoded[number], start: number, end: number }[] = []
  for (; size >= MIN_TEXT_SIZE; size -= 0.25) {
    lines = encoded.flatMap((paragraph) =>
      breakLines(paragraph.codes, paragraph.advances, (innerWidth * 1000) / size)
        .map(([start, end]) => ({ paragraph, start, end })))
    if (lines.length * size * LINE_SPACING <= innerHeight) break
  }
  size = Math.max(size, MIN_TEXT_SIZE)
  const x = origin.x + rect.x
  const y = origin.y + rect.y
  let ops = `q\n${INK} RG 0.5 w\n${num(x + 0.5)} ${num(y + 0.5)} ${num(rect.width - 1)} ${num(rect.height - 1)} re S\n`
  ops += `${num(x)} ${num(y)} ${num(rect.width)} ${num(rect.height)} re W n\nBT\n${INK} rg\n`
  const top = y + rect.height - PADDING - (size * fonts.text.metrics.ascent) / 1000
  lines.forEach(({ paragraph, start, end }, index) => {
    let text: string
    if (paragraph.unicode && unicode !== undefined) {
      text = unicode.subset.encode(paragraph.codes, start, end)
    } else {
      text = '('
      for (let i = start; i < end; i++) {
        const code = paragraph.codes[i]
        if (code === 0x28 || code === 0x29 || code === 0x5c) text += '\\'
        text += String.fromCharCode(code)
      }
      text += ')'
    }
    const key = paragraph.unicode && unicode !== undefined ? unicode.key : fonts.text.key
    ops += `/${key} ${num(size)} Tf\n1 0 0 1 ${num(x + PADDING)} ${num(top - index * size * LINE_SPACING)} Tm\n${text} Tj\n`
  })
  return `${ops}ET\nQ\n`
}

/** The Unicode subset's five objects (UnicodeSubset.objects) from `first`, as an update's raw objects. */
async function subsetObjects (subset: UnicodeSubset, first: number): Promise<RawObject[]> {
  return (await subset.objects(first)).map((object) => ({ ...object, generation: 0 }))
}

/** The area above the signing line of a signature column, from its centred name widget. */
function areaAbove (widget: CompiledWidget): Rect {
  const { x, y, width } = widget.rect
  return { x, y: y + NAME_BELOW_LINE + AREA_ABOVE_LINE, width, height: AREA_HEIGHT }
}

/**
 * The signature block of a compiled template: the last centred `fullName` and `employerName` widgets.
 * @throws PdfStructureError when the template has none (not one of our layouts)
 */
function signatureBlock (template: CompiledTemplate): SignatureBlock {
  const centred = (field: string) =>
    template.widgets.filter((widget) => widget.field === field && widget.align === 1).at(-1)
  const worker = centred('fullName')
  const employer = centred('employerName')
  if (worker === undefined || employer === undefined || worker.page !== employer.page) {
    throw new PdfStructureError(`la plantilla ${template.name} no tiene el bloque de firmas`)
  }
  return {
    page: template.pages[worker.page].objectNumber,
    worker: areaAbove(worker),
    employer: areaAbove(employer),
    fontKey: template.fontKeys.text
  }
}

/** The stamp's paragraphs (SEALING_MESSAGES). */
export function stampParagraphs (kind: SignedDocumentKind, signature: WorkerSignature): string[] {
  const at = limaInstant(signature.signedAt)
  const { name, dni, evidenceNumber } = signature
  const paragraphs = [SEALING_MESSAGES.workerStamp(name, dni, at.date, at.time, evidenceNumber)]
  const [year, month, day] = signature.printedSigningDate.split('-')
  const printed = `${day}/${month}/${year}`
  if (printed !== at.date) paragraphs.push(SEALING_MESSAGES.bothDates(printed, at.date))
  if (kind === 'tratamiento-datos' && signature.consents !== undefined) paragraphs.push(consentsLine(signature.consents))
  if (signature.demo === true) paragraphs.push(SEALING_MESSAGES.demoStamp)
  return paragraphs
}

/** The objects of the page's /Contents or /Annots value: an array's items, or the array an indirect value names. */
function items (objects: PdfObjects, value: string | undefined): string[] {
  if (value === undefined) return []
  const resolved = objects.resolve(value)
  return resolved.trim().startsWith('[') ? arrayItems(resolved) : [value]
}

/** The object number of font resource `key` on a page dictionary. */
function fontObject (objects: PdfObjects, page: string, key: string): string {
  const resources = objects.resolve(dictValue(page, '/Resources') ?? '<<>>')
  const fonts = objects.resolve(dictValue(resources, '/Font') ?? '<<>>')
  const font = dictValue(fonts, `/${key}`)
  if (font === undefined) throw new PdfStructureError(`la página no tiene la fuente /${key}`)
  return font
}

/** Appends an update holding `dicts` and `raw` to `bytes` (src/pdf/update.ts), continuing `objects`'s trailer. */
function appendUpdate (objects: PdfObjects, dicts: UpdateDict[], raw: RawObject[]): Uint8Array {
  const { size, startXref, entries } = objects.trailer
  return writeUpdate({ base: objects.bytes, size, prevXref: startXref, trailer: entries }, { dicts, streams: [], raw })
}

/** A stream object's parts for RawObject: dictionary entries (without /Length) and its data. */
function streamParts (entries: string, data: Uint8Array | string): (string | Uint8Array)[] {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data
  return [`<< ${entries} /Length ${bytes.length} >>\nstream\n`, bytes, '\nendstream']
}

/**
 * A page dictionary's /Resources with `key` → `ref` added to its fonts (written inline, the other entries
 * kept). @throws PdfStructureError when the page has no /Resources of its own or already a font `key`
 */
function withFont (objects: PdfObjects, page: string, key: string, ref: string): string {
  const own = dictValue(page, '/Resources')
  // inherited from the page tree (§7.7.3.4): writing the page its own would hide the rest; ours never do
  if (own === undefined) throw new PdfStructureError('la página de firmas no tiene recursos propios')
  const resources = objects.resolve(own)
  const fonts = objects.resolve(dictValue(resources, '/Font') ?? '<<>>')
  if (dictValue(fonts, `/${key}`) !== undefined) throw new PdfStructureError(`la página ya tiene la fuente /${key}`)
  return editDict(resources, { '/Font': editDict(fonts, { [`/${key}`]: ref }) })
}

/** Update 1: the worker's stamp and `evidencia.json` (and the Unicode subset the stamp needs, if any). */
async function stampUpdate (
  issued: PdfObjects, block: SignatureBlock, kind: SignedDocumentKind, signature: WorkerSignature,
  metrics: FontMetrics, at: Date, unicode?: () => Promise<UnicodeFont>
): Promise<Uint8Array> {
  const first = issued.trailer.size
  const numbers = { stamp: first, file: first + 1, spec: first + 2, font: first + 3 }
  const page = issued.object(block.page)
  const paragraphs = stampParagraphs(kind, signature)
  const subset = await unicodeFor(paragraphs, unicode)
  const fonts: StampFonts = {
    text: { key: block.fontKey, metrics },
    unicode: subset === undefined ? undefined : { key: UNICODE_STAMP_KEY, subset }
  }
  const stamp = drawParagraphs(paragraphs, block.worker, { x: 0, y: 0 }, fonts)
  const contents = [...items(issued, dictValue(page, '/Contents')), `${numbers.stamp} 0 R`]
  const pageChanges: Record<string, string> = { '/Contents': `[${contents.join(' ')}]` }
  if (subset !== undefined) pageChanges['/Resources'] = withFont(issued, page, UNICODE_STAMP_KEY, `${numbers.font} 0 R`)
  const evidence = Buffer.from(`${JSON.stringify(signature.evidence, null, 2)}\n`, 'utf8')
  const packed = deflateSync(evidence)
  const catalog = issued.object(issued.trailer.root)
  const names = dictValue(catalog, '/Names')
  const embedded = `<< /Names [(${EVIDENCE_FILE}) ${numbers.spec} 0 R] >>`
  const spec = `${numbers.spec} 0 R`
  return appendUpdate(issued, [
    { objectNumber: block.page, generation: 0, body: editDict(page, pageChanges) },
    {
      objectNumber: issued.trailer.root,
      generation: 0,
      body: editDict(catalog, {
        '/Names': names === undefined ? `<< /EmbeddedFiles ${embedded} >>` : editDict(issued.resolve(names), { '/EmbeddedFiles': embedded }),
        '/AF': `[${[...items(issued, dictValue(catalog, '/AF')), spec].join(' ')}]`
      })
    },
    {
      objectNumber: numbers.spec,
      generation: 0,
      body: `<< /Type /Filespec /F (${EVIDENCE_FILE}) /UF ${textString(EVIDENCE_FILE)} /Desc ${textString(SEALING_MESSAGES.evidenceDescription)} ` +
        `/AFRelationship /Supplement /EF << /F ${numbers.file} 0 R /UF ${numbers.file} 0 R >> >>`
    }
  ], [
    { objectNumber: numbers.stamp, generation: 0, parts: streamParts('', stamp) },
    {
      objectNumber: numbers.file,
      generation: 0,
      parts: streamParts(`/Type /EmbeddedFile /Subtype /application#2Fjson /Filter /FlateDecode /Params << /Size ${evidence.length} ` +
        `/ModDate (${pdfDate(at)}) /CheckSum <${createHash('md5').update(evidence).digest('hex')}> >>`, packed)
    },
    ...(subset === undefined ? [] : await subsetObjects(subset, numbers.font))
  ])
}

const BYTE_RANGE_PLACEHOLDER = `/ByteRange [0 ${'0'.repeat(10)} ${'0'.repeat(10)} ${'0'.repeat(10)}]`

/** The seal's appearance: its content stream, and the Unicode subset's objects when it draws with one. */
interface SealAppearance { stream: string, unicodeFont?: RawObject[] }

/**
 * The seal's appearance over `area`: the certificate's holder "en representación de" `legalName`,
 * its serial number and issuer, the time in Lima, the demonstration notice. Its objects follow the
 * update's own three (certificationUpdate), from `first` + 3.
 */
async function sealAppearance (
  identity: SigningIdentity, legalName: string, area: Rect, textFont: FontMetrics, at: Date, first: number,
  unicode?: () => Promise<UnicodeFont>
): Promise<SealAppearance> {
  const { certificate, holder } = identity
  const when = limaInstant(at)
  const lines = [
    SEALING_MESSAGES.sealHolder(holder, legalName),
    SEALING_MESSAGES.sealCertificate(certificate.serialNumber.toUpperCase(), certificate.issuer.replace(/^.*?CN=([^,]+).*$/, '$1')),
    SEALING_MESSAGES.sealTime(when.date, when.time),
    ...(certificate.demo ? [SEALING_MESSAGES.sealDemo] : [])
  ]
  const subset = await unicodeFor(lines, unicode)
  const fonts: StampFonts = { text: { key: 'F1', metrics: textFont }, unicode: subset === undefined ? undefined : { key: UNICODE_STAMP_KEY, subset } }
  const stream = drawParagraphs(lines, { x: 0, y: 0, width: area.width, height: area.height }, { x: 0, y: 0 }, fonts)
  return { stream, unicodeFont: subset === undefined ? undefined : await subsetObjects(subset, first + 3) }
}

/**
 * Update 2, its /Contents still zeros: the certification signature's objects. Returns the bytes and
 * where /Contents' hex string starts (`<`) and ends (after `>`).
 */
function certificationUpdate (
  stamped: PdfObjects, place: SealPlace, identity: SigningIdentity, appearance: SealAppearance, at: Date,
  contentsBytes: number
): { bytes: Uint8Array, contentsStart: number, contentsEnd: number } {
  const { holder } = identity
  const first = stamped.trailer.size
  const numbers = { value: first, widget: first + 1, appearance: first + 2 }
  const page = stamped.object(place.page)
  const font = fontObject(stamped, page, place.fontKey)
  const area = place.area
  const fontResources = `/F1 ${font}` + (appearance.unicodeFont === undefined ? '' : ` /${UNICODE_STAMP_KEY} ${appearance.unicodeFont[0].objectNumber} 0 R`)
  const catalog = stamped.object(stamped.trailer.root)
  const annots = [...items(stamped, dictValue(page, '/Annots')), `${numbers.widget} 0 R`]
  const rect = `[${num(area.x)} ${num(area.y)} ${num(area.x + area.width)} ${num(area.y + area.height)}]`
  const value = `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /M (${pdfDate(at)}) /Name ${textString(holder)} ` +
    '/Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /Type /TransformParams /P 1 /V /1.2 >> >>] ' +
    `${BYTE_RANGE_PLACEHOLDER} /Contents <${'0'.repeat(contentsBytes * 2)}> >>`
  const bytes = appendUpdate(stamped, [
    { objectNumber: place.page, generation: 0, body: editDict(page, { '/Annots': `[${annots.join(' ')}]` }) },
    {
      objectNumber: stamped.trailer.root,
      generation: 0,
      body: editDict(catalog, {
        '/AcroForm': `<< /Fields [${numbers.widget} 0 R] /SigFlags 3 >>`,
        '/Perms': `<< /DocMDP ${numbers.value} 0 R >>`
      })
    },
    {
      objectNumber: numbers.widget,
      generation: 0,
      body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T ${textString(SEALING_MESSAGES.sealFieldName)} /V ${numbers.value} 0 R /F 132 ` +
        `/Rect ${rect} /P ${place.page} 0 R /AP << /N ${numbers.appearance} 0 R >> >>`
    }
  ], [
    { objectNumber: numbers.value, generation: 0, parts: [value] },
    {
      objectNumber: numbers.appearance,
      generation: 0,
      parts: streamParts(`/Type /XObject /Subtype /Form /BBox [0 0 ${num(area.width)} ${num(area.height)}] /Resources << /Font << ${fontResources} >> >>`,
        appearance.stream)
    },
    ...(appearance.unicodeFont ?? [])
  ])
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const rangeAt = buffer.indexOf(BYTE_RANGE_PLACEHOLDER, stamped.bytes.length, 'latin1')
  const contentsStart = buffer.indexOf('/Contents <', rangeAt, 'latin1') + '/Contents '.length
  const contentsEnd = contentsStart + contentsBytes * 2 + 2
  const ranges = `/ByteRange [0 ${contentsStart} ${contentsEnd} ${bytes.length - contentsEnd}]`
  buffer.write(ranges.padEnd(BYTE_RANGE_PLACEHOLDER.length, ' '), rangeAt, 'latin1')
  return { bytes, contentsStart, contentsEnd }
}

const blocks = new WeakMap<CompiledTemplate, SignatureBlock>()

/**
 * The signature block of the template whose bytes begin `issued` (kept per template).
 * @throws PdfStructureError when no template begins it, or that template has no signature block
 */
export function findSignatureBlock (templates: readonly CompiledTemplate[], issued: Uint8Array): SignatureBlock {
  const view = Buffer.from(issued.buffer, issued.byteOffset, issued.byteLength)
  const template = templates.find((candidate) => candidate.base.length < issued.length &&
    view.subarray(0, candidate.base.length).equals(candidate.base))
  if (template === undefined) throw new PdfStructureError('el documento no empieza por ninguna plantilla vigente')
  let block = blocks.get(template)
  if (block === undefined) blocks.set(template, block = signatureBlock(template))
  return block
}

/**
 * A DocumentSealer over the compiled templates and one signing certificate (types.ts).
 * `seal` throws PdfStructureError for a document no template of `templates` starts (not ours, or
 * issued from templates since replaced), and TimestampUnavailableError (503) when the TSA fails.
 * `sealRecord` puts the same certification signature (update 2 alone) on a record's last page, in
 * RECORD_SEAL_AREA; PdfStructureError when that page has no font RECORD_FONT_KEY.
 */
export function createSealer (options: SealerOptions): DocumentSealer {
  const templates = Object.values(options.templates)
  let made: SigningIdentity | undefined
  const identity = () => (made ??= typeof options.identity === 'function' ? options.identity() : options.identity)
  /** Bytes of /Contents: set at the first seal from the certificates, grown by certify. */
  let contentsBytes = 0
  const now = options.now ?? (() => new Date())

  /** Update 2 over `stamped`, signed (and time-stamped); again with more room when the CMS did not fit. */
  const certify = async (
    stamped: PdfObjects, place: SealPlace, at: Date, appearance?: SealAppearance
  ): Promise<{ bytes: Uint8Array, timeStamped: boolean }> => {
    const { signer } = identity()
    if (contentsBytes === 0) {
      const chainBytes = [signer.certificate, ...signer.chain].reduce((total, der) => total + der.length, 0)
      contentsBytes = chainBytes + CMS_ROOM + (options.tsa === undefined ? 0 : TOKEN_ROOM)
    }
    const room = contentsBytes
    appearance ??= await sealAppearance(
      identity(), options.legalName, place.area, options.textFont, at, stamped.trailer.size, options.unicode)
    const { bytes, contentsStart, contentsEnd } = certificationUpdate(stamped, place, identity(), appearance, at, room)
    const digest = createHash('sha256').update(bytes.subarray(0, contentsStart)).update(bytes.subarray(contentsEnd)).digest()
    const draft = buildSignedData({ contentType: OID.data, digest }, signer)
    const token = options.tsa === undefined ? undefined : await requestTimestamp(options.tsa, draft.signatureValue)
    const cms = draft.encode(token)
    if (cms.length > room) {
      contentsBytes = Math.max(contentsBytes, cms.length + EXTRA_ROOM)
      return await certify(stamped, place, at, appearance)
    }
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).write(Buffer.from(cms).toString('hex'), contentsStart + 1, 'latin1')
    return { bytes, timeStamped: token !== undefined }
  }

  return {
    enabled: true,
    get certificate () { return identity().certificate },
    async seal (issued, kind, signature): Promise<SealedDocument> {
      const at = now()
      const objects = new PdfObjects(issued)
      const block = findSignatureBlock(templates, issued)
      const stamped = new PdfObjects(
        await stampUpdate(objects, block, kind, signature, options.textFont, at, options.unicode))
      return sealed(await certify(stamped, { page: block.page, area: block.employer, fontKey: block.fontKey }, at))
    },
    async sealRecord (pdf): Promise<SealedDocument> {
      const at = now()
      const objects = new PdfObjects(pdf)
      const place = { page: lastPage(objects), area: RECORD_SEAL_AREA, fontKey: RECORD_FONT_KEY }
      return sealed(await certify(objects, place, at))
    }
  }

  function sealed ({ bytes, timeStamped }: { bytes: Uint8Array, timeStamped: boolean }): SealedDocument {
    return {
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      level: timeStamped ? 'PAdES-B-T' : 'PAdES-B-B',
      certificate: identity().certificate
    }
  }
}

/**
 * The object number of a document's last page, down the page tree from the catalog's /Pages (§7.7.3).
 * @throws PdfStructureError when the tree has no page
 */
function lastPage (objects: PdfObjects): number {
  let node = dictValue(objects.object(objects.trailer.root), '/Pages')
  for (let depth = 0; node !== undefined && depth < 32; depth++) {
    const dict = objects.resolve(node)
    if (dictValue(dict, '/Type') === '/Page') return Number(/^(\d+)\s+\d+\s+R$/.exec(node.trim())?.[1] ?? NaN)
    node = items(objects, dictValue(dict, '/Kids')).at(-1)
  }
  throw new PdfStructureError('el documento no tiene páginas')
}

/** 503: this service has no signing certificate where the demo one may not sign (production, DATABASE_URL). */
export class SigningUnavailableError extends AppError {
  constructor () {
    super(503, SEALING_MESSAGES.signingUnavailable, { code: 'CONTRATOS_SIGNING_UNAVAILABLE' })
  }
}

/**
 * The sealer of a service that cannot sign (types.ts DocumentSealer `enabled: false`): no SIGNING_CERT
 * with DATABASE_URL or in production. `seal` throws SigningUnavailableError; the certificate is empty.
 */
export function unavailableSealer (): DocumentSealer {
  return {
    enabled: false,
    certificate: Object.freeze({ subject: '', issuer: '', serialNumber: '', sha256: '', demo: false }),
    seal: async () => { throw new SigningUnavailableError() },
    sealRecord: async () => { throw new SigningUnavailableError() }
  }
}
