/**
 * Fills and flattens one document without parsing it: the compiled template's bytes, unchanged,
 * followed by a PDF incremental update (PDF 32000-1 §7.5.6, written by src/pdf/update.ts) that holds
 * - one content stream per page with widgets, drawing each value inside its field rectangle
 *   (the embedded text font, WinAnsi, src/pdf/embedded-font.ts; values WinAnsi cannot encode use
 *   the embedded Unicode subset);
 * - each such page rewritten to draw the template's content and then ours, without its widgets;
 * - the catalog rewritten without /AcroForm, so the result has no form left (flattened);
 * - a cross-reference stream for those objects whose /Prev points at the template's.
 * Nothing is copied from the template but its bytes, so a document costs a few dozen microseconds.
 */
import { isWinAnsi, winAnsiCode } from './winansi.js'
import { layoutText, type Layout } from './layout.js'
import { updateObjectNumbers, type CompiledTemplate, type CompiledWidget } from './compiled.js'
import type { FontMetrics } from './font-metrics.js'
import { UnicodeSubset, unicodeAdvance, type UnicodeFont } from './unicode-font.js'
import { writeUpdate, type RawObject, type UpdateDict, type UpdateOutput, type UpdateStream } from './update.js'

export interface EngineFonts {
  /** Metrics of the embedded text font the compiled templates reference (WinAnsi widths). */
  text: FontMetrics
  /** Loads the Unicode font on first use (it is only needed for values outside WinAnsi). */
  unicode: () => Promise<UnicodeFont>
}

/** What one field drew; the layout tests read it to check that nothing leaves its rectangle. */
export interface DrawnField { widget: CompiledWidget, layout: Layout, unicode: boolean }

interface Encoder {
  unicode: boolean
  fontKey: string
  ascent: number
  descent: number
  advances: (codePoints: number[]) => number[]
  encode: (codePoints: number[], start: number, end: number) => string
}

/** Advances (1/1000 em) of WinAnsi code points in the embedded text font. */
const winAnsiAdvances = (metrics: FontMetrics, codePoints: number[]) =>
  codePoints.map((cp) => metrics.widths[winAnsiCode(cp)])

const num = (value: number) => (Math.round(value * 100) / 100).toString()

function winAnsiEncoder (template: CompiledTemplate, metrics: FontMetrics): Encoder {
  return {
    unicode: false,
    fontKey: template.fontKeys.text,
    ascent: metrics.ascent,
    descent: metrics.descent,
    advances: (codePoints) => winAnsiAdvances(metrics, codePoints),
    encode: (codePoints, start, end) => {
      let text = '('
      for (let i = start; i < end; i++) {
        const code = winAnsiCode(codePoints[i])
        if (code === 0x28 || code === 0x29 || code === 0x5c) text += '\\'
        text += String.fromCharCode(code)
      }
      return `${text})`
    }
  }
}

function unicodeEncoder (template: CompiledTemplate, subset: UnicodeSubset): Encoder {
  return {
    unicode: true,
    fontKey: template.fontKeys.unicode,
    ascent: subset.font.ascent,
    descent: subset.font.descent,
    advances: (codePoints) => codePoints.map((cp) => subset.glyph(cp).advance),
    encode: (codePoints, start, end) => subset.encode(codePoints, start, end)
  }
}

/** Content-stream operators drawing one value in one widget, clipped to the widget's rectangle. */
function drawValue (widget: CompiledWidget, value: string, encoder: Encoder): { ops: string, layout: Layout } {
  const codePoints = Array.from(value, (char) => char.codePointAt(0) as number)
  const layout = layoutText(codePoints, encoder.advances(codePoints), widget.rect, {
    fontSize: widget.fontSize, align: widget.align, ascent: encoder.ascent, descent: encoder.descent
  })
  const { x, y, width, height } = widget.rect
  let ops = `q\n${num(x)} ${num(y)} ${num(width)} ${num(height)} re W n\nBT\n/${encoder.fontKey} ${num(layout.size)} Tf\n${widget.color}\n`
  for (const line of layout.lines) {
    ops += `1 0 0 1 ${num(line.x)} ${num(line.y)} Tm\n${encoder.encode(codePoints, line.start, line.end)} Tj\n`
  }
  return { ops: `${ops}ET\nQ\n`, layout }
}

/** The fonts a value is measured with: the same metrics as the drawing (no subset is built). */
export interface MeasureFonts {
  text: FontMetrics
  unicode: UnicodeFont
}

/**
 * How `value` would be laid out in `widget` by fillTemplate: the WinAnsi font when every character has
 * a WinAnsi byte, else the Unicode font (a missing glyph measured as `�`, as it would be drawn).
 * Lets validation refuse a value whose layout is not `complete` before any document is made.
 */
export function measureValue (widget: CompiledWidget, value: string, fonts: MeasureFonts): Layout {
  const codePoints = Array.from(value, (char) => char.codePointAt(0) as number)
  const winAnsi = isWinAnsi(value)
  const advances = winAnsi
    ? winAnsiAdvances(fonts.text, codePoints)
    : codePoints.map((cp) => unicodeAdvance(fonts.unicode, cp))
  return layoutText(codePoints, advances, widget.rect, {
    fontSize: widget.fontSize,
    align: widget.align,
    ascent: winAnsi ? fonts.text.ascent : fonts.unicode.ascent,
    descent: winAnsi ? fonts.text.descent : fonts.unicode.descent
  })
}

/**
 * Drawings of WinAnsi values already laid out, for the fields named `shared` (FillOptions): values
 * that repeat from document to document (the employer block, the contract type's terms), whose
 * operators depend only on the widget and the value. Bounded per widget. Values that change with
 * every employee (names, DNIs) are not kept: their drawings would outlive a few documents, be
 * promoted to the old generation and cost the garbage collector more than they save.
 */
const DRAWINGS_PER_WIDGET = 64
const drawings = new WeakMap<CompiledWidget, Map<string, { ops: string, layout: Layout }>>()

function drawShared (widget: CompiledWidget, value: string, encoder: Encoder): { ops: string, layout: Layout } {
  let cache = drawings.get(widget)
  if (cache === undefined) drawings.set(widget, cache = new Map())
  let drawing = cache.get(value)
  if (drawing === undefined) {
    drawing = drawValue(widget, value, encoder)
    if (cache.size >= DRAWINGS_PER_WIDGET) cache.clear()
    cache.set(value, drawing)
  }
  return drawing
}

export interface FillOptions {
  /** Receives the layout of every drawn value (tests). */
  drawn?: DrawnField[]
  /** `document` (default): the PDF bytes; `update`: only what follows the template's bytes (src/pdf/update.ts). */
  output?: UpdateOutput
  /** Fields whose values repeat across documents (src/documents/fields.ts SHARED_FIELDS): their drawings are kept. */
  shared?: ReadonlySet<string>
}

/**
 * Fills one template with `values` and flattens it.
 * @param values text per field name (src/documents/fields.ts fieldValues); fields without a value print blank (D11)
 * @returns the bytes FillOptions.output asks for; a Promise only when a value needs the Unicode font (it is
 *   loaded and subset then)
 */
export function fillTemplate (
  template: CompiledTemplate, values: Readonly<Record<string, string>>, fonts: EngineFonts, options: FillOptions = {}
): Uint8Array | Promise<Uint8Array> {
  const { drawn, output = 'document', shared } = options
  const numbers = updateObjectNumbers(template)
  const winAnsi = winAnsiEncoder(template, fonts.text)
  const contents = template.pages.map((): string[] => ['Q\n'])
  const deferred: CompiledWidget[] = []
  for (const widget of template.widgets) {
    const value = values[widget.field]
    if (value === undefined || value === '') continue
    if (!isWinAnsi(value)) {
      deferred.push(widget)
      continue
    }
    const draw = shared?.has(widget.field) === true ? drawShared : drawValue
    const { ops, layout } = draw(widget, value, winAnsi)
    drawn?.push({ widget, layout, unicode: false })
    contents[widget.page].push(ops)
  }
  const finish = (extraFont: string, fontObjects: RawObject[]): Uint8Array => {
    const dicts: UpdateDict[] = []
    const streams: UpdateStream[] = [{ objectNumber: numbers.save, content: 'q\n' }]
    template.pages.forEach((page, index) => {
      streams.push({ objectNumber: numbers.content(index), content: contents[index] })
      const body = page.head + extraFont + page.tail
      dicts.push({ objectNumber: page.objectNumber, generation: page.generation, body })
    })
    const { objectNumber, generation, body } = template.catalog
    dicts.push({ objectNumber, generation, body })
    return writeUpdate(template, { dicts, streams, raw: fontObjects }, output)
  }
  if (deferred.length === 0) return finish('', [])
  return (async () => {
    const subset = new UnicodeSubset(await fonts.unicode())
    const encoder = unicodeEncoder(template, subset)
    for (const widget of deferred) {
      const { ops, layout } = drawValue(widget, values[widget.field], encoder)
      drawn?.push({ widget, layout, unicode: true })
      contents[widget.page].push(ops)
    }
    const fontObjects = (await subset.objects(numbers.unicodeFont)).map((object) => ({ ...object, generation: 0 }))
    return finish(`/${template.fontKeys.unicode} ${numbers.unicodeFont} 0 R\n`, fontObjects)
  })()
}
