/**
 * Fills and flattens one document without parsing it: the compiled template's bytes, unchanged,
 * followed by a PDF incremental update (PDF 32000-1 §7.5.6) that holds
 * - one content stream per page with widgets, drawing each value inside its field rectangle
 *   (the embedded text font, WinAnsi, src/pdf/embedded-font.ts; values WinAnsi cannot encode use
 *   the embedded Unicode subset);
 * - each such page rewritten to draw the template's content and then ours, without its widgets;
 * - the catalog rewritten without /AcroForm, so the result has no form left (flattened);
 * - a cross-reference section for those objects and a trailer whose /Prev points at the template's.
 * Nothing is copied from the template but its bytes, so a document costs a few dozen microseconds.
 */
import { isWinAnsi, winAnsiCode } from './winansi.js'
import { layoutText, type Layout } from './layout.js'
import { updateObjectNumbers, type CompiledTemplate, type CompiledWidget } from './compiled.js'
import type { FontMetrics } from './metrics.js'
import { UnicodeSubset, type UnicodeFont } from './unicode-font.js'

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

const num = (value: number) => (Math.round(value * 100) / 100).toString()

function winAnsiEncoder (template: CompiledTemplate, metrics: FontMetrics): Encoder {
  return {
    unicode: false,
    fontKey: template.fontKeys.text,
    ascent: metrics.ascent,
    descent: metrics.descent,
    advances: (codePoints) => codePoints.map((cp) => metrics.widths[winAnsiCode(cp)]),
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
function drawValue (widget: CompiledWidget, value: string, encoder: Encoder, drawn?: DrawnField[]): string {
  const codePoints = Array.from(value, (char) => char.codePointAt(0) as number)
  const layout = layoutText(codePoints, encoder.advances(codePoints), widget.rect, {
    fontSize: widget.fontSize, align: widget.align, ascent: encoder.ascent, descent: encoder.descent
  })
  drawn?.push({ widget, layout, unicode: encoder.unicode })
  const { x, y, width, height } = widget.rect
  let ops = `q\n${num(x)} ${num(y)} ${num(width)} ${num(height)} re W n\nBT\n/${encoder.fontKey} ${num(layout.size)} Tf\n${widget.color}\n`
  for (const line of layout.lines) {
    ops += `1 0 0 1 ${num(line.x)} ${num(line.y)} Tm\n${encoder.encode(codePoints, line.start, line.end)} Tj\n`
  }
  return `${ops}ET\nQ\n`
}

export interface UpdateObject { objectNumber: number, generation: number, parts: (string | Uint8Array)[] }

const streamObject = (content: string) => `<< /Length ${content.length} >>\nstream\n${content}\nendstream`

/**
 * Serialises `objects` after the base's bytes as an incremental update: the objects, then their
 * cross-reference section and a trailer whose /Prev is the base's. Also used once per template
 * to append the text font (src/pdf/template.ts).
 */
export function appendUpdate (template: Pick<CompiledTemplate, 'base' | 'size' | 'prevXref' | 'trailer'>, objects: UpdateObject[]): Uint8Array {
  const base = template.base
  let position = base.length
  const pieces: (string | Uint8Array)[] = []
  const offsets: [number, number, number][] = []
  for (const object of objects) {
    offsets.push([object.objectNumber, object.generation, position])
    const parts = [`${object.objectNumber} ${object.generation} obj\n`, ...object.parts, '\nendobj\n']
    for (const part of parts) {
      pieces.push(part)
      position += part.length
    }
  }
  offsets.sort((a, b) => a[0] - b[0])
  let xref = 'xref\n'
  for (let i = 0; i < offsets.length;) {
    let j = i
    while (j + 1 < offsets.length && offsets[j + 1][0] === offsets[j][0] + 1) j++
    xref += `${offsets[i][0]} ${j - i + 1}\n`
    for (let k = i; k <= j; k++) xref += `${String(offsets[k][2]).padStart(10, '0')} ${String(offsets[k][1]).padStart(5, '0')} n\r\n`
    i = j + 1
  }
  const size = Math.max(template.size, offsets[offsets.length - 1][0] + 1)
  pieces.push(`${xref}trailer\n<< /Size ${size} /Prev ${template.prevXref} ${template.trailer} >>\nstartxref\n${position}\n%%EOF\n`)
  let total = position
  total += (pieces[pieces.length - 1] as string).length
  // A fresh ArrayBuffer of exactly this document: transferable to the main thread without a copy.
  const bytes = new Uint8Array(total)
  bytes.set(base, 0)
  let at = base.length
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (const piece of pieces) {
    if (typeof piece === 'string') at += view.write(piece, at, 'latin1')
    else {
      bytes.set(piece, at)
      at += piece.length
    }
  }
  return bytes
}

/**
 * Fills one template with `values` and flattens it.
 * @param values text per field name (src/pdf/fields.ts fieldValues); fields without a value print blank (D11)
 * @param drawn when given, receives the layout of every drawn value (tests)
 * @returns the PDF bytes; a Promise only when a value needs the Unicode font (it is loaded and subset then)
 */
export function fillTemplate (
  template: CompiledTemplate, values: Readonly<Record<string, string>>, fonts: EngineFonts, drawn?: DrawnField[]
): Uint8Array | Promise<Uint8Array> {
  const numbers = updateObjectNumbers(template)
  const winAnsi = winAnsiEncoder(template, fonts.text)
  const contents = template.pages.map(() => 'Q\n')
  const deferred: CompiledWidget[] = []
  for (const widget of template.widgets) {
    const value = values[widget.field]
    if (value === undefined || value === '') continue
    if (!isWinAnsi(value)) deferred.push(widget)
    else contents[widget.page] += drawValue(widget, value, winAnsi, drawn)
  }
  const finish = (extraFont: string, fontObjects: UpdateObject[]): Uint8Array => {
    const objects: UpdateObject[] = [
      { objectNumber: numbers.save, generation: 0, parts: [streamObject('q\n')] }
    ]
    template.pages.forEach((page, index) => {
      objects.push({ objectNumber: numbers.content(index), generation: 0, parts: [streamObject(contents[index])] })
      objects.push({ objectNumber: page.objectNumber, generation: page.generation, parts: [page.head, extraFont, page.tail] })
    })
    objects.push({ objectNumber: template.catalog.objectNumber, generation: template.catalog.generation, parts: [template.catalog.body] }, ...fontObjects)
    return appendUpdate(template, objects)
  }
  if (deferred.length === 0) return finish('', [])
  return (async () => {
    const subset = new UnicodeSubset(await fonts.unicode())
    const encoder = unicodeEncoder(template, subset)
    for (const widget of deferred) contents[widget.page] += drawValue(widget, values[widget.field], encoder, drawn)
    const fontObjects = (await subset.objects(numbers.unicodeFont)).map((object) => ({ ...object, generation: 0 }))
    return finish(`/${template.fontKeys.unicode} ${numbers.unicodeFont} 0 R\n`, fontObjects)
  })()
}
