/**
 * The constancia de firma electrónica (DOCUMENT-REQUIREMENTS §39: the evidence of a worker's signature,
 * "identity check, one-time code, time, each document's SHA-256", is kept and sealed): one A4 record
 * per signature, drawn once when the worker signs (plugins/signing-flow.ts) and then sealed by the
 * employer's certification signature alone (types.ts DocumentSealer `sealRecord`). It names the
 * employer and the worker, the contract or adenda and its documents' verification codes, the evidence
 * number, the signing instant in Lima, the IP and user agent, each step of the identity check and the
 * one-time code with its time, the address the code went to (masked), each document's SHA-256 before
 * and after signing, the optional purposes answered, and the SHA-256 of the evidence chain's `signed`
 * event. Texts are RECEIPT_MESSAGES; the fonts are the templates' DejaVu Sans Condensed, regular and
 * bold, embedded as WinAnsi TrueType fonts (src/pdf/embedded-font.ts), so the seal's appearance
 * reuses the regular one (seal.ts RECORD_FONT_KEY) and readers extract the text as drawn; a value with a
 * character WinAnsi lacks (a name such as Łukasz) is drawn with a subset of DejaVu Sans (pdf-lib's
 * subsetting through fontkit) when `unicodeFontPath` is given.
 */
import {
  beginText, endText, PDFDocument, type PDFFont, PDFHexString, PDFName, type PDFPage, type PDFRef, popGraphicsState,
  pushGraphicsState, type RGB, rgb, setFillingColor, setFontAndSize, setTextMatrix, showText
} from 'pdf-lib'
import { isWinAnsi } from '../pdf/winansi.js'
import { readUnicodeFontFile } from '../pdf/unicode-font.js'
import { RECEIPT_MESSAGES } from '../../schemas/messages.js'
import { compactPdf } from '../pdf/compact.js'
import { loadWinAnsiFont, registerWinAnsiFont, type WinAnsiFont } from '../pdf/embedded-font.js'
import { breakLines } from '../pdf/layout.js'
import { consentsLine, limaInstant, RECORD_FONT_KEY, RECORD_SEAL_AREA, winAnsiCodes } from './seal.js'
import type { ConsentAnswer } from './types.js'

/** One step of the evidence chain the constancia lists (an event of signing_evidence). */
export interface ReceiptStep {
  /** The event: `identity-confirmed`, `code-sent`, `signed`… (docs/signing-flow.md, Evidence). */
  what: string
  at: Date
  /** What RECEIPT_MESSAGES.step prints of its details; `to` already masked. */
  details: { kind?: string, failures?: number, to?: string, ip?: string }
}

/** What the constancia says: the signature as the sign step recorded it. */
export interface SigningReceipt {
  employer: { legalName: string, ruc: string }
  worker: { name: string, dni: string }
  contract: { id: string, kind: 'contract' | 'addendum' }
  evidenceNumber: string
  signedAt: Date
  ip: string
  userAgent: string
  /** The address the one-time codes went to, masked (src/signing/flow/rules.ts maskEmail). */
  codeTo: string
  /** The invitation's events up to and including `signed`, oldest first. */
  steps: ReceiptStep[]
  /** Each document: its kind, verification code, the issued and the signed file's SHA-256 (hex). */
  documents: Array<{ kind: string, code: string, before: string, after: string, level: string }>
  /** The data notice's optional purposes as answered; empty when none was asked. */
  consents: ConsentAnswer[]
  /** SHA-256 (hex) of the evidence chain's `signed` event: the chain's head when the constancia was drawn. */
  chainHead: string
  /** true when the codes went to the outbox (no SMTP_URL): printed as a demonstration without legal value. */
  demo: boolean
}

/** A4 and its margins, pt. */
const PAGE = { width: 595.28, height: 841.89 }
const MARGIN = 56.7
const TOP = PAGE.height - 50
/** The lowest baseline on a page: above the seal's area and its caption. */
const BOTTOM = RECORD_SEAL_AREA.y + RECORD_SEAL_AREA.height + 22
const LABEL_WIDTH = 130
/** The steps' column of times (`DD/MM/AAAA HH:MM:SS`, regular). */
const TIME_WIDTH = 100
const SIZE = { title: 16, heading: 10.5, text: 8.5, demo: 11 }
const LINE_SPACING = 1.3
const INK = rgb(0.1, 0.1, 0.1)
const RED = rgb(0.7, 0.05, 0.05)
const RULE = rgb(0.6, 0.6, 0.6)

interface Font { key: string, metrics: WinAnsiFont }

/** Resource key of the Unicode font on every page (neither RECORD_FONT_KEY nor the bold F2). */
const UNICODE_KEY = 'F3'

/** A line to draw: WinAnsi bytes, or code points for the Unicode font. */
interface Line { codes: number[], unicode: boolean }

/** Registers a WinAnsi TrueType font (the engine's three objects: font, descriptor, file) in `doc`. */
function embedFont (doc: PDFDocument, font: WinAnsiFont): PDFRef {
  const context = doc.context
  const file = context.register(context.stream(font.file, { Length: font.file.length, Length1: font.length1, Filter: 'FlateDecode' }))
  return registerWinAnsiFont(context, font, file)
}

/** Flows text down A4 pages: headings, paragraphs and label/value rows, wrapped at the margins. */
class Writer {
  readonly #doc: PDFDocument
  readonly #fonts: { regular: Font, bold: Font }
  readonly #refs: { regular: PDFRef, bold: PDFRef }
  readonly #unicode: PDFFont | undefined
  page!: PDFPage
  y = 0

  /** @param unicode the Unicode font, for a text WinAnsi cannot encode (regular only); absent: winAnsiCodes (`?`) */
  constructor (doc: PDFDocument, unicode?: PDFFont) {
    this.#doc = doc
    const regular = loadWinAnsiFont('regular')
    const bold = loadWinAnsiFont('bold')
    this.#refs = { regular: embedFont(doc, regular), bold: embedFont(doc, bold) }
    this.#fonts = { regular: { key: RECORD_FONT_KEY, metrics: regular }, bold: { key: 'F2', metrics: bold } }
    this.#unicode = unicode
    this.newPage()
  }

  newPage (): void {
    this.page = this.#doc.addPage([PAGE.width, PAGE.height])
    this.page.node.setFontDictionary(PDFName.of(this.#fonts.regular.key), this.#refs.regular)
    this.page.node.setFontDictionary(PDFName.of(this.#fonts.bold.key), this.#refs.bold)
    if (this.#unicode !== undefined) this.page.node.setFontDictionary(PDFName.of(UNICODE_KEY), this.#unicode.ref)
    this.y = TOP
  }

  /** The lines of `text` within `width` pt at `size`: WinAnsi codes, or code points when it needs the Unicode font. */
  lines (text: string, size: number, width: number, bold = false): Line[] {
    const nfc = text.normalize('NFC')
    const unicode = this.#unicode
    if (unicode === undefined || isWinAnsi(nfc)) {
      const codes = winAnsiCodes(nfc)
      const widths = (bold ? this.#fonts.bold : this.#fonts.regular).metrics.widths
      return breakLines(codes, codes.map((code) => widths[code] ?? 500), (width * 1000) / size)
        .map(([start, end]) => ({ codes: codes.slice(start, end), unicode: false }))
    }
    const codes = [...nfc].map((char) => char.codePointAt(0) as number)
    const advances = codes.map((code) => unicode.widthOfTextAtSize(String.fromCodePoint(code), 1000))
    return breakLines(codes, advances, (width * 1000) / size)
      .map(([start, end]) => ({ codes: codes.slice(start, end), unicode: true }))
  }

  /** Draws one line with its baseline at (x, y). */
  show (line: Line, x: number, y: number, size: number, bold = false, color: RGB = INK): void {
    let key: string
    let text: PDFHexString
    if (line.unicode && this.#unicode !== undefined) {
      key = UNICODE_KEY
      text = this.#unicode.encodeText(String.fromCodePoint(...line.codes))
    } else {
      key = (bold ? this.#fonts.bold : this.#fonts.regular).key
      text = PDFHexString.of(line.codes.map((code) => code.toString(16).padStart(2, '0')).join(''))
    }
    this.page.pushOperators(pushGraphicsState(), beginText(), setFontAndSize(key, size), setFillingColor(color),
      setTextMatrix(1, 0, 0, 1, x, y), showText(text), endText(), popGraphicsState())
  }

  /** Starts a new page unless `height` pt fit above the bottom. */
  ensure (height: number): void {
    if (this.y - height < BOTTOM) this.newPage()
  }

  paragraph (text: string, size = SIZE.text, bold = false, color: RGB = INK, gapAfter = 4): void {
    for (const line of this.lines(text, size, PAGE.width - 2 * MARGIN, bold)) {
      this.ensure(size * LINE_SPACING)
      this.y -= size * LINE_SPACING
      this.show(line, MARGIN, this.y, size, bold, color)
    }
    this.y -= gapAfter
  }

  heading (text: string): void {
    this.ensure(SIZE.heading * 2 + SIZE.text * 3)
    this.y -= 8
    this.paragraph(text, SIZE.heading, true, INK, 2)
    const start = { x: MARGIN, y: this.y }
    this.page.drawLine({ start, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.5, color: RULE })
    this.y -= 2
  }

  /** A label (bold unless `plainLabel`) at the left and its value wrapped in the column after it. */
  row (label: string, value: string, labelWidth = LABEL_WIDTH, plainLabel = false): void {
    const step = SIZE.text * LINE_SPACING
    const labels = this.lines(label, SIZE.text, labelWidth - 6, !plainLabel)
    const values = this.lines(value, SIZE.text, PAGE.width - 2 * MARGIN - labelWidth)
    const count = Math.max(labels.length, values.length, 1)
    this.ensure(Math.min(count, 3) * step)
    for (let i = 0; i < count; i++) {
      if (i > 0) this.ensure(step)
      this.y -= step
      if (labels[i] !== undefined) this.show(labels[i], MARGIN, this.y, SIZE.text, !plainLabel)
      if (values[i] !== undefined) this.show(values[i], MARGIN + labelWidth, this.y, SIZE.text)
    }
    this.y -= 1.5
  }

  /** The caption above the seal's area of the last page. */
  sealCaption (): void {
    const area = RECORD_SEAL_AREA
    const caption = { codes: winAnsiCodes(RECEIPT_MESSAGES.sealCaption), unicode: false }
    this.show(caption, area.x, area.y + area.height + 6, SIZE.text, true)
  }
}

/**
 * Draws the constancia (not yet sealed: DocumentSealer.sealRecord seals it): A4, one page for an
 * ordinary signature, more when the steps do not fit; the last page keeps seal.ts RECORD_SEAL_AREA free.
 * @param options.unicodeFontPath DejaVu Sans (TTF), embedded as a subset only when a value needs a
 *   character WinAnsi lacks; absent: such characters lose their accents or print `?`
 * @returns the PDF's bytes, ending in a cross-reference stream (src/pdf/compact.ts), as the sealer reads them
 */
export async function drawReceipt (
  receipt: SigningReceipt, options: { unicodeFontPath?: string } = {}
): Promise<Uint8Array> {
  const text = RECEIPT_MESSAGES
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(text.documentTitle(receipt.evidenceNumber))
  doc.setLanguage('es-PE')
  doc.setCreationDate(receipt.signedAt)
  let unicode: PDFFont | undefined
  if (options.unicodeFontPath !== undefined && !isWinAnsi(JSON.stringify(receipt).normalize('NFC'))) {
    const { default: fontkit } = await import('@pdf-lib/fontkit') // only for such a value
    doc.registerFontkit(fontkit)
    unicode = await doc.embedFont(await readUnicodeFontFile(options.unicodeFontPath), { subset: true })
  }
  const writer = new Writer(doc, unicode)
  writer.paragraph(text.title, SIZE.title, true, INK, 4)
  if (receipt.demo) {
    writer.paragraph(text.demo, SIZE.demo, true, RED, 1)
    writer.paragraph(text.demoDetail, SIZE.text, false, RED, 2)
  }
  writer.paragraph(text.intro)

  writer.heading(text.parties)
  writer.row(text.employer, receipt.employer.legalName)
  writer.row(text.ruc, receipt.employer.ruc)
  writer.row(text.worker, receipt.worker.name)
  writer.row(text.dni, receipt.worker.dni)

  const at = limaInstant(receipt.signedAt)
  writer.heading(text.signature)
  writer.row(receipt.contract.kind === 'contract' ? text.contract : text.addendum, receipt.contract.id)
  writer.row(text.evidenceNumber, receipt.evidenceNumber)
  writer.row(text.signedAt, text.signedAtValue(at.date, at.time))
  writer.row(text.ip, receipt.ip)
  writer.row(text.userAgent, receipt.userAgent)
  writer.row(text.codeTo, receipt.codeTo)
  writer.row(text.level, [...new Set(receipt.documents.map((document) => document.level))].join(', '))

  writer.heading(text.steps)
  for (const step of receipt.steps) {
    const when = limaInstant(step.at)
    writer.row(`${when.date} ${when.timeWithSeconds}`, text.step(step.what, step.details), TIME_WIDTH, true)
  }

  writer.heading(text.documents)
  for (const [index, document] of receipt.documents.entries()) {
    if (index > 0) writer.y -= 3
    writer.paragraph(text.document(document.kind, document.code), SIZE.text, true, INK, 0)
    writer.row(text.before, document.before)
    writer.row(text.after, document.after)
  }

  writer.heading(text.consents)
  if (receipt.consents.length === 0) writer.paragraph(text.noConsents)
  else writer.paragraph(consentsLine(receipt.consents))

  writer.heading(text.chain)
  writer.row(text.chainHead, receipt.chainHead)
  writer.paragraph(text.chainNote)
  writer.sealCaption()
  return await compactPdf(doc)
}
