/**
 * Builds the AcroForm templates of assets/templates/ (two per source, see below) from the readable
 * sources in assets/templates/source/ (syntax in that folder's README). Run with `npm run make:templates`, then
 * commit the sources and the PDFs together.
 *
 * Each source gives two templates: `<output>` with the worker in the masculine ("EL TRABAJADOR")
 * and `<output minus .pdf>-f.pdf` in the feminine ("LA TRABAJADORA"; `[[masculine|feminine]]` marks
 * other words that change). Pages are A4 with 2.2 cm margins; static text is DejaVu Sans Condensed,
 * regular and bold, embedded as WinAnsi TrueType fonts (src/pdf/embedded-font.ts; the fill engine
 * draws values with the same regular font object); paragraphs are justified with word spacing;
 * `N.º` never parts from its number; every page has a footer with room for both parties' initials;
 * the closing paragraph, place and date and the signatures stay on one page. Every value cell holds
 * a borderless text field that the fill engine (src/pdf/) replaces with drawn text. The file is written
 * compactly (src/pdf/compact.ts: compressed streams, object streams, a cross-reference stream).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  PDFBool, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, StandardFonts, TextAlignment, beginText, endText, fill, lineTo, moveTo, popGraphicsState,
  pushGraphicsState, rectangle, setFillingGrayscaleColor, setFontAndSize, setLineWidth, setStrokingGrayscaleColor,
  setTextMatrix, setWordSpacing, showText, stroke, type PDFFont, type PDFOperator, type PDFPage
} from 'pdf-lib'
import { FIELD_NAMES } from '../src/documents/fields.js'
import { OPTIONAL_PURPOSES, printedPurpose } from '../src/documents/optional-purposes.js'
import { assetPath } from '../src/paths.js'
import { EMBEDDED_FONT_FILES, loadWinAnsiFont, registerWinAnsiFont, type WinAnsiFont } from '../src/pdf/embedded-font.js'
import subsetFont from 'subset-font'
import { deflateSync } from 'node:zlib'
import { UNHINTED } from './build-fonts.js'
import { winAnsiCode } from '../src/pdf/winansi.js'
import { compactPdf } from '../src/pdf/compact.js'

const SOURCE_DIR = assetPath('templates', 'source')
const OUTPUT_DIR = assetPath('templates')

// Geometry in PDF points (1/72 inch).
const PAGE_WIDTH = 595.28
const PAGE_HEIGHT = 841.89
const MARGIN_X = 62
const MARGIN_TOP = 58
const MARGIN_BOTTOM = 64
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X
const BODY_SIZE = 9
const LEADING = 12
const PARAGRAPH_GAP = 5
const LABEL_SIZE = 8.5
const FIELD_SIZE = 9
/** The footer's verification code: the size and grey of the footer's text. */
const FOOTER_CODE_SIZE = 7
const LIST_INDENT = 18
/** Label/value column widths of table rows with one pair and with two pairs: one grid, labels aligned. */
const LABEL_WIDTH = 108
const ONE_PAIR = [LABEL_WIDTH, CONTENT_WIDTH - LABEL_WIDTH]
const TWO_PAIRS = [LABEL_WIDTH, (CONTENT_WIDTH - 2 * LABEL_WIDTH) / 2, LABEL_WIDTH, (CONTENT_WIDTH - 2 * LABEL_WIDTH) / 2]
/** Width of the SÍ / NO boxes column of a choice line. */
const CHOICE_WIDTH = 92
const ORDINALS = ['PRIMERA', 'SEGUNDA', 'TERCERA', 'CUARTA', 'QUINTA', 'SEXTA', 'SÉPTIMA', 'OCTAVA', 'NOVENA', 'DÉCIMA',
  'DÉCIMA PRIMERA', 'DÉCIMA SEGUNDA', 'DÉCIMA TERCERA', 'DÉCIMA CUARTA', 'DÉCIMA QUINTA', 'DÉCIMA SEXTA', 'DÉCIMA SÉPTIMA',
  'DÉCIMA OCTAVA', 'DÉCIMA NOVENA', 'VIGÉSIMA']
/** A fixed date, so that rebuilding unchanged sources gives identical bytes. */
const BUILD_DATE = new Date('2026-01-01T00:00:00Z')

type Block =
  | { kind: 'paragraph', text: string, list: boolean }
  | { kind: 'choice', text: string }
  | { kind: 'heading', text: string }
  | { kind: 'row', cells: string[] }
  | { kind: 'together' }
  | { kind: 'signatures' }

/** Grammatical gender of the worker in a template variant. */
export type Gender = 'm' | 'f'

interface Source { output: string, title: string, subtitle: string, footer: string, gender: Gender, genders: readonly Gender[], blocks: Block[] }

/** Both variants of every template. */
export const GENDERS: readonly Gender[] = ['m', 'f']

/**
 * The text of a source for one variant: `[[masculine|feminine]]` resolved, `EL TRABAJADOR` as
 * `LA TRABAJADORA` in the feminine, and a no-break space after `N.º` (never split from its number).
 */
export function variantText (text: string, gender: Gender): string {
  let out = text.replace(/\[\[([^|\]]*)\|([^\]]*)\]\]/g, (_, masculine: string, feminine: string) => (gender === 'f' ? feminine : masculine))
  if (gender === 'f') out = out.replace(/\bEL TRABAJADOR\b/g, 'LA TRABAJADORA')
  return out.replace(/N\.[º°] +/g, 'N.º\u00a0')
}

/** Reads one source file for one variant: front matter, then blocks separated by blank lines (includes expanded). */
export function readSource (file: string, gender: Gender = 'm'): Source {
  const text = variantText(readFileSync(join(SOURCE_DIR, file), 'utf8'), gender)
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)
  if (match === null) throw new Error(`${file}: falta el encabezado ---`)
  const meta = Object.fromEntries(match[1].split('\n').map((line) => {
    const at = line.indexOf(':')
    return [line.slice(0, at).trim(), line.slice(at + 1).trim()]
  }))
  for (const key of ['output', 'title', 'subtitle', 'footer']) if (meta[key] === undefined) throw new Error(`${file}: falta ${key}`)
  const output = gender === 'f' ? meta.output.replace(/\.pdf$/, '-f.pdf') : meta.output
  // `variants: m` in the front matter: one (masculine) template, for a record that carries no sex (the adenda)
  const genders = meta.variants === 'm' ? GENDERS.slice(0, 1) : GENDERS
  return { output, title: meta.title, subtitle: meta.subtitle, footer: meta.footer, gender, genders, blocks: parseBlocks(match[2], file, gender) }
}

function parseBlocks (text: string, file: string, gender: Gender): Block[] {
  const blocks: Block[] = []
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk.split('\n').map((line) => line.trim()).filter((line) => line !== '')
    if (lines.length === 0) continue
    const first = lines[0]
    if (first.startsWith('@include ')) {
      const path = first.slice('@include '.length).trim()
      blocks.push(...parseBlocks(variantText(readFileSync(join(SOURCE_DIR, path), 'utf8'), gender), path, gender))
    } else if (first === ':::signatures') {
      blocks.push({ kind: 'signatures' })
    } else if (first === ':::together') {
      blocks.push({ kind: 'together' })
    } else if (first === '@optional-purposes') {
      // the data notice's optional purposes, from the list the signing page asks (src/documents/optional-purposes.ts)
      blocks.push(...OPTIONAL_PURPOSES.map((purpose) => ({ kind: 'choice' as const, text: variantText(printedPurpose(purpose), gender) })))
    } else if (first.startsWith('#### ')) {
      blocks.push({ kind: 'heading', text: first.slice(5) })
    } else if (first.startsWith('|')) {
      for (const line of lines) {
        const cells = line.split('|').slice(1, -1).map((cell) => cell.trim())
        if (cells.length !== 2 && cells.length !== 4) throw new Error(`${file}: una fila de tabla tiene 2 o 4 celdas: ${line}`)
        blocks.push({ kind: 'row', cells })
      }
    } else {
      const joined = lines.join(' ')
      blocks.push({ kind: 'paragraph', text: joined, list: /^([a-z]\)|-) /.test(joined) })
    }
  }
  return blocks
}

/** A font the writer draws static text with: the embedded WinAnsi fonts. */
interface DrawFont { name: string, ref: PDFRef, widthOfTextAtSize: (text: string, size: number) => number, encodeText: (text: string) => PDFHexString }
interface Fonts { regular: DrawFont, bold: DrawFont }

/**
 * Registers a WinAnsi TrueType font (src/pdf/embedded-font.ts) in the document: the same three
 * objects the engine writes. With `subset`, the font file is written by `finish()`, cut down to
 * the characters drawn (the bold, which values never use).
 */
function embedWinAnsiFont (doc: PDFDocument, font: WinAnsiFont, subset?: string): DrawFont & { finish: () => Promise<void> } {
  const context = doc.context
  const used = new Set<string>()
  const file = context.nextRef()
  const ref = registerWinAnsiFont(context, font, file)
  const bytes = (text: string) => Array.from(text, (char) => {
    used.add(char)
    const code = winAnsiCode(char.codePointAt(0) as number)
    if (code < 0) throw new Error(`carácter fuera de WinAnsi en una plantilla: ${JSON.stringify(char)}`)
    return code
  })
  return {
    name: font.baseFont,
    ref,
    widthOfTextAtSize: (text, size) => (bytes(text).reduce((sum, code) => sum + font.widths[code], 0) * size) / 1000,
    encodeText: (text) => PDFHexString.of(bytes(text).map((code) => code.toString(16).padStart(2, '0')).join('')),
    finish: async () => {
      let program = font.file
      let length1 = font.length1
      if (subset !== undefined) {
        const cut = await subsetFont(readFileSync(subset), [...used].sort().join(''), { ...UNHINTED, keepFeatures: [], dropTables: [...UNHINTED.dropTables] })
        program = deflateSync(cut, { level: 9 })
        length1 = cut.length
      }
      context.assign(file, context.stream(program, { Length: program.length, Length1: length1, Filter: 'FlateDecode' }))
    }
  }
}
/** A word between spaces; `**` may switch bold inside it (`**EL EMPLEADOR**;`). */
interface Word { parts: { text: string, bold: boolean }[] }

const plainWord = (text: string, bold = false): Word => ({ parts: [{ text, bold }] })
const wordText = (word: Word) => word.parts.map((part) => part.text).join('')

/** Draws one template: flows blocks down the pages, creating pages as needed. */
class TemplateWriter {
  readonly doc: PDFDocument
  readonly fonts: Fonts
  readonly footer: string
  page!: PDFPage
  y = 0
  clause = 0
  readonly gender: Gender
  /** The Helvetica of the form fields' /DA (never drawn: the engine draws values with the embedded font). */
  readonly formFont: PDFFont
  #keys = new Map<PDFPage, Map<DrawFont, string>>()

  constructor (doc: PDFDocument, fonts: Fonts, footer: string, gender: Gender, formFont: PDFFont) {
    this.doc = doc
    this.fonts = fonts
    this.footer = footer
    this.gender = gender
    this.formFont = formFont
    this.newPage()
  }

  newPage (): void {
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT])
    this.y = PAGE_HEIGHT - MARGIN_TOP
  }

  /** Starts a new page unless `height` points fit above the bottom margin. */
  ensure (height: number): void {
    if (this.y - height < MARGIN_BOTTOM) this.newPage()
  }

  fontKey (font: DrawFont): string {
    let keys = this.#keys.get(this.page)
    if (keys === undefined) this.#keys.set(this.page, keys = new Map())
    let key = keys.get(font)
    if (key === undefined) {
      key = this.page.node.newFontDictionary(font.name, font.ref).decodeText()
      keys.set(font, key)
    }
    return key
  }

  ops (...operators: PDFOperator[]): void {
    this.page.pushOperators(...operators)
  }

  /** One line of text; `wordSpacing` stretches the spaces (justification). */
  text (runs: { text: string, font: DrawFont }[], x: number, y: number, size: number, wordSpacing = 0, gray = 0): void {
    const ops: PDFOperator[] = [beginText(), setFillingGrayscaleColor(gray), setWordSpacing(round(wordSpacing)), setTextMatrix(1, 0, 0, 1, round(x), round(y))]
    for (const run of runs) ops.push(setFontAndSize(this.fontKey(run.font), size), showText(run.font.encodeText(run.text)))
    ops.push(endText())
    this.ops(...ops)
  }

  centered (text: string, font: DrawFont, size: number, centerX: number, y: number, gray = 0): void {
    this.text([{ text, font }], centerX - font.widthOfTextAtSize(text, size) / 2, y, size, 0, gray)
  }

  /** Greedy line breaking of words at `size` within `width`. */
  wrap (words: Word[], size: number, width: number): Word[][] {
    const lines: Word[][] = []
    let line: Word[] = []
    let lineWidth = 0
    for (const word of words) {
      const w = this.width(word, size)
      const space = line.length === 0 ? 0 : this.fonts.regular.widthOfTextAtSize(' ', size)
      if (line.length > 0 && lineWidth + space + w > width) {
        lines.push(line)
        line = []
        lineWidth = 0
      }
      lineWidth += (line.length === 0 ? 0 : space) + w
      line.push(word)
    }
    if (line.length > 0) lines.push(line)
    return lines
  }

  width (word: Word, size: number): number {
    return word.parts.reduce((sum, part) => sum + (part.bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(part.text, size), 0)
  }

  /** A justified paragraph (last line left-aligned); `**bold**` runs; pages break between lines. */
  /** Words of a paragraph with their `**bold**` runs. */
  words (text: string): Word[] {
    const words: Word[] = []
    let bold = false
    for (const raw of text.split(/[ \t\n]+/).filter((w) => w !== '')) { // not \s: a no-break space joins
      const word: Word = { parts: [] }
      raw.split('**').forEach((piece, index) => {
        if (index > 0) bold = !bold
        if (piece !== '') word.parts.push({ text: piece, bold })
      })
      if (word.parts.length > 0) words.push(word)
    }
    return words
  }

  paragraph (text: string, x: number, width: number, size = BODY_SIZE): void {
    const lines = this.wrap(this.words(text), size, width)
    const space = this.fonts.regular.widthOfTextAtSize(' ', size)
    lines.forEach((line, index) => {
      // keep two lines together at a page break (no lone first or last line)
      this.ensure(index === 0 || index === lines.length - 2 ? LEADING * Math.min(2, lines.length - index) : LEADING)
      this.y -= LEADING
      const natural = line.reduce((sum, word) => sum + this.width(word, size), 0) + space * (line.length - 1)
      const justify = index < lines.length - 1 && line.length > 1
      const runs: { text: string, font: DrawFont }[] = []
      line.forEach((word, at) => {
        word.parts.forEach((part, index) => {
          const font = part.bold ? this.fonts.bold : this.fonts.regular
          const piece = at < line.length - 1 && index === word.parts.length - 1 ? `${part.text} ` : part.text
          const last = runs.at(-1)
          if (last !== undefined && last.font === font) last.text += piece
          else runs.push({ text: piece, font })
        })
      })
      this.text(runs, x, this.y + 2.5, size, justify ? (width - natural) / (line.length - 1) : 0)
    })
    this.y -= PARAGRAPH_GAP
  }

  /** Height a block takes (for keeping the closing blocks together), without drawing it. */
  measure (block: Block): number {
    switch (block.kind) {
      case 'paragraph': return this.paragraphLines(this.clauseText(block.text, false), CONTENT_WIDTH - (block.list ? LIST_INDENT + 6 : 0)) * LEADING + PARAGRAPH_GAP
      case 'choice': return Math.max(2, this.paragraphLines(block.text, CONTENT_WIDTH - CHOICE_WIDTH)) * LEADING + PARAGRAPH_GAP
      case 'heading': return 17
      case 'row': return rowHeight(block.cells) + PARAGRAPH_GAP
      case 'together': return 0
      case 'signatures': return SIGNATURES_HEIGHT
    }
  }

  paragraphLines (text: string, width: number): number {
    return this.wrap(this.words(text), BODY_SIZE, width).length
  }

  /** `§ TITLE. text` → the numbered clause (the counter moves only when `advance`). */
  clauseText (text: string, advance: boolean): string {
    const clause = /^§ ([^.]+)\. (.*)$/.exec(text)
    if (clause === null) return text
    const ordinal = ORDINALS[advance ? this.clause++ : this.clause]
    return `**${ordinal}. – ${clause[1]}.** ${clause[2]}`
  }

  block (block: Block, next: Block | undefined, rest: Block[]): void {
    switch (block.kind) {
      case 'together': {
        // the closing paragraph, place and date, and the signatures: on one page (§10)
        const end = rest.findIndex((candidate) => candidate.kind === 'signatures')
        const height = rest.slice(0, end + 1).reduce((sum, candidate) => sum + this.measure(candidate), 0)
        this.ensure(height)
        return
      }
      case 'choice': {
        const lines = Math.max(2, this.paragraphLines(block.text, CONTENT_WIDTH - CHOICE_WIDTH))
        this.ensure(lines * LEADING)
        const top = this.y
        this.paragraph(block.text, MARGIN_X, CONTENT_WIDTH - CHOICE_WIDTH - 8)
        const x = MARGIN_X + CONTENT_WIDTH - CHOICE_WIDTH + 6
        const baseline = top - LEADING + 2.5
        for (const [offset, label] of [[0, 'SÍ'], [46, 'NO']] as const) {
          this.text([{ text: label, font: this.fonts.bold }], x + offset, baseline, BODY_SIZE)
          this.ops(pushGraphicsState(), setLineWidth(0.7), setStrokingGrayscaleColor(0), rectangle(x + offset + 17, baseline - 1.5, 10, 10), stroke(), popGraphicsState())
        }
        this.y = Math.min(this.y, top - lines * LEADING - PARAGRAPH_GAP)
        return
      }
      case 'paragraph': {
        // a paragraph that introduces a table (ends with `:`) stays with the table's first row
        if (next?.kind === 'row' && block.text.endsWith(':')) this.ensure(this.measure(block) + rowHeight(next.cells))
        const text = this.clauseText(block.text, true)
        if (block.list) {
          const [marker, ...rest] = text.split(' ')
          this.ensure(LEADING * 2)
          const top = this.y
          this.text([{ text: marker === '-' ? '•' : marker, font: this.fonts.regular }], MARGIN_X + 6, top - LEADING + 2.5, BODY_SIZE)
          this.paragraph(rest.join(' '), MARGIN_X + LIST_INDENT + 6, CONTENT_WIDTH - LIST_INDENT - 6)
          this.y += PARAGRAPH_GAP - 2
        } else {
          this.paragraph(text, MARGIN_X, CONTENT_WIDTH)
        }
        return
      }
      case 'heading':
        this.ensure(14 + 4 + (next?.kind === 'row' ? rowHeight(next.cells) : LEADING * 2))
        this.y -= 14
        this.text([{ text: block.text, font: this.fonts.bold }], MARGIN_X, this.y + 3, BODY_SIZE)
        this.y -= 3
        return
      case 'row':
        this.row(block.cells, next?.kind !== 'row')
        return
      case 'signatures':
        this.signatures()
    }
  }

  /** A bordered table row of label/value pairs; each value cell holds the text field `{name}`. */
  row (cells: string[], lastRow: boolean): void {
    const height = rowHeight(cells)
    this.ensure(height)
    const widths = cells.length === 2 ? ONE_PAIR : TWO_PAIRS
    let x = MARGIN_X
    const bottom = this.y - height
    cells.forEach((cell, index) => {
      const width = widths[index]
      const isLabel = index % 2 === 0
      this.ops(pushGraphicsState(), setLineWidth(0.5), setStrokingGrayscaleColor(0.55), setFillingGrayscaleColor(isLabel ? 0.93 : 1),
        rectangle(x, bottom, width, height), fill(), rectangle(x, bottom, width, height), stroke(), popGraphicsState())
      if (isLabel) {
        const words = cell.split(/\s+/).map((text) => plainWord(text))
        const lines = this.wrap(words, LABEL_SIZE, width - 8)
        const top = bottom + height / 2 + (lines.length * 10) / 2
        lines.forEach((line, at) => this.text([{ text: line.map(wordText).join(' '), font: this.fonts.regular }], x + 4, top - 10 * (at + 1) + 2.8, LABEL_SIZE))
      } else {
        const { name, lines } = parseField(cell)
        this.field(name, x + 2, bottom + 1.5, width - 4, height - 3, lines > 1)
      }
      x += width
    })
    this.y = bottom
    if (lastRow) this.y -= PARAGRAPH_GAP
  }

  field (name: string, x: number, y: number, width: number, height: number, multiline: boolean, align = TextAlignment.Left): void {
    const form = this.doc.getForm()
    const existing = form.getFieldMaybe(name)
    const field = existing === undefined ? form.createTextField(name) : form.getTextField(name)
    field.addToPage(this.page, { x, y, width, height, borderWidth: 0, borderColor: undefined, backgroundColor: undefined, font: this.formFont })
    // The same field can sit in a table (left) and under a signature line (centred): /Q per widget.
    field.acroField.getWidgets().at(-1)?.dict.set(PDFName.of('Q'), PDFNumber.of(align))
    if (existing === undefined) {
      field.setFontSize(FIELD_SIZE)
      if (multiline) field.enableMultiline()
      field.setAlignment(align)
    }
  }

  /** Two columns: a line to sign on, then the party, its name(s) and DNI. */
  signatures (): void {
    const height = SIGNATURES_HEIGHT
    this.ensure(height)
    const columnWidth = 210
    const columns = [
      { x: MARGIN_X + 10, party: 'EL EMPLEADOR', name: 'employerName', detail: 'employerRepresentative', dni: 'employerRepresentativeDni' },
      { x: MARGIN_X + CONTENT_WIDTH - columnWidth - 10, party: this.gender === 'f' ? 'LA TRABAJADORA' : 'EL TRABAJADOR', name: 'fullName', detail: undefined, dni: 'dni' }
    ]
    const lineY = this.y - 70
    for (const column of columns) {
      const center = column.x + columnWidth / 2
      this.ops(pushGraphicsState(), setLineWidth(0.6), setStrokingGrayscaleColor(0), moveTo(column.x, lineY), lineTo(column.x + columnWidth, lineY), stroke(), popGraphicsState())
      this.centered(column.party, this.fonts.bold, LABEL_SIZE, center, lineY - 11)
      this.field(column.name, column.x, lineY - 38, columnWidth, 24, true, TextAlignment.Center)
      if (column.detail !== undefined) {
        this.centered('Representante:', this.fonts.regular, 7.5, center, lineY - 47)
        this.field(column.detail, column.x, lineY - 62, columnWidth, 13, false, TextAlignment.Center)
      }
      const label = 'DNI N.º'
      this.text([{ text: label, font: this.fonts.regular }], center - 4 - this.fonts.regular.widthOfTextAtSize(label, LABEL_SIZE), lineY - 74, LABEL_SIZE)
      this.field(column.dni, center, lineY - 78.3, 80, 13, false)
    }
    this.y -= height
  }

  /** Title, subtitle and a rule under them. */
  heading (title: string, subtitle: string): void {
    const center = MARGIN_X + CONTENT_WIDTH / 2
    for (const line of this.wrap(title.split(' ').map((text) => plainWord(text, true)), 12.5, CONTENT_WIDTH)) {
      this.y -= 15
      this.centered(line.map(wordText).join(' '), this.fonts.bold, 12.5, center, this.y)
    }
    this.y -= 3
    for (const line of this.wrap(subtitle.split(' ').map((text) => plainWord(text)), 8, CONTENT_WIDTH - 40)) {
      this.y -= 10
      this.text([{ text: line.map(wordText).join(' '), font: this.fonts.regular }], center - this.fonts.regular.widthOfTextAtSize(line.map(wordText).join(' '), 8) / 2, this.y, 8, 0, 0.25)
    }
    this.y -= 8
    this.ops(pushGraphicsState(), setLineWidth(0.8), setStrokingGrayscaleColor(0.3), moveTo(MARGIN_X, this.y), lineTo(MARGIN_X + CONTENT_WIDTH, this.y), stroke(), popGraphicsState())
    this.y -= 6
  }

  /** Footer of every page: document name and `Página i de n`. */
  footers (): void {
    const pages = this.doc.getPages()
    pages.forEach((page, index) => {
      this.page = page
      const y = MARGIN_BOTTOM - 30
      this.ops(pushGraphicsState(), setLineWidth(0.4), setStrokingGrayscaleColor(0.6), moveTo(MARGIN_X, y + 10), lineTo(MARGIN_X + CONTENT_WIDTH, y + 10), stroke(), popGraphicsState())
      this.text([{ text: this.footer, font: this.fonts.regular }], MARGIN_X, y, 7, 0, 0.35)
      const number = `Página ${index + 1} de ${pages.length}`
      this.text([{ text: number, font: this.fonts.regular }], MARGIN_X + CONTENT_WIDTH - this.fonts.regular.widthOfTextAtSize(number, 7), y, 7, 0, 0.35)
      // room for both parties' initials on every page (§10)
      const initials = 'Iniciales:'
      const x = MARGIN_X + CONTENT_WIDTH / 2 - 40
      this.text([{ text: initials, font: this.fonts.regular }], x, y, 7, 0, 0.35)
      this.ops(pushGraphicsState(), setLineWidth(0.4), setStrokingGrayscaleColor(0.5),
        moveTo(x + 32, y - 1), lineTo(x + 72, y - 1), moveTo(x + 80, y - 1), lineTo(x + 120, y - 1), stroke(), popGraphicsState())
      // the document's verification code on every page, under the page number (docs/registry.md): a
      // copy of one page can be checked too; the engine draws `Código de verificación: XXXX-XXXX`
      // (2 points wider than the content: the engine's padding, so that its end lines up with the page number's)
      this.field('verificationCode', MARGIN_X + CONTENT_WIDTH / 2, y - 14, CONTENT_WIDTH / 2 + 2, 11, false, TextAlignment.Right)
    })
    const code = this.doc.getForm().getTextField('verificationCode')
    code.setFontSize(FOOTER_CODE_SIZE)
    const appearance = code.acroField.getDefaultAppearance() ?? ''
    code.acroField.setDefaultAppearance(appearance.replace(/0 0 0 rg/, '0.35 g'))
  }
}

const SIGNATURES_HEIGHT = 150

/** Two decimals are enough for positions and keep the content streams short. */
function round (value: number): number {
  return Math.round(value * 1000) / 1000
}

function parseField (cell: string): { name: string, lines: number } {
  const match = /^\{([A-Za-z]+)(?::(\d{1,2}))?\}$/.exec(cell)
  if (match === null) throw new Error(`celda de valor inválida: ${cell}`)
  if (!(FIELD_NAMES as readonly string[]).includes(match[1])) throw new Error(`campo desconocido: ${match[1]}`)
  return { name: match[1], lines: Number(match[2] ?? 1) }
}

function rowHeight (cells: string[]): number {
  const lines = Math.max(...cells.filter((_, index) => index % 2 === 1).map((cell) => parseField(cell).lines))
  return 4 + lines * 11
}

/**
 * Removes the widgets' appearance streams (half of a template's bytes) and asks viewers to draw
 * them instead (/NeedAppearances): the fill engine never uses them, and form editors rebuild them.
 */
function dropAppearances (doc: PDFDocument): void {
  const form = doc.getForm()
  for (const field of form.getFields()) {
    for (const widget of field.acroField.getWidgets()) {
      const appearances = widget.dict.lookupMaybe(PDFName.of('AP'), PDFDict)
      for (const [, value] of appearances?.entries() ?? []) {
        if (value instanceof PDFRef) doc.context.delete(value)
        if (value instanceof PDFDict) for (const [, state] of value.entries()) if (state instanceof PDFRef) doc.context.delete(state)
      }
      widget.dict.delete(PDFName.of('AP'))
    }
  }
  form.acroForm.dict.set(PDFName.of('NeedAppearances'), PDFBool.True)
  // the trailer's /Size must stay one past the highest object number still present
  doc.context.largestObjectNumber = Math.max(...doc.context.enumerateIndirectObjects().map(([ref]) => ref.objectNumber))
}

/** Builds one template and returns its bytes. */
export async function buildTemplate (source: Source): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  doc.setTitle(source.title)
  doc.setSubject(source.footer)
  doc.setLanguage('es-PE')
  doc.setCreator('contratos: npm run templates') // the script's old name, kept: the committed PDFs carry it
  doc.setProducer('pdf-lib')
  doc.setCreationDate(BUILD_DATE)
  doc.setModificationDate(BUILD_DATE)
  const fonts = { regular: embedWinAnsiFont(doc, loadWinAnsiFont('regular')), bold: embedWinAnsiFont(doc, loadWinAnsiFont('bold'), assetPath('fonts', EMBEDDED_FONT_FILES.bold)) }
  const writer = new TemplateWriter(doc, fonts, source.footer, source.gender, await doc.embedFont(StandardFonts.Helvetica))
  writer.heading(source.title, source.subtitle)
  source.blocks.forEach((block, index) => writer.block(block, source.blocks[index + 1], source.blocks.slice(index + 1)))
  writer.footers()
  await fonts.regular.finish()
  await fonts.bold.finish()
  dropAppearances(doc)
  return await compactPdf(doc)
}

/** The template sources: every `*.md` of assets/templates/source/ but its README. */
export function sourceFiles (): string[] {
  return readdirSync(SOURCE_DIR).filter((file) => file.endsWith('.md') && file !== 'README.md').sort()
}

/* c8 ignore start */
async function main (): Promise<void> {
  for (const file of sourceFiles()) {
    for (const gender of readSource(file).genders) {
      const source = readSource(file, gender)
      const bytes = await buildTemplate(source)
      const path = join(OUTPUT_DIR, source.output)
      writeFileSync(path, bytes)
      console.log(`${join(dirname(path).split('/').at(-1) ?? '', source.output)}: ${bytes.length} bytes, ${(await PDFDocument.load(bytes)).getPageCount()} pages`)
    }
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
/* c8 ignore stop */
