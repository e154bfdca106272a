/**
 * Fits one value into one field rectangle ("shrink or wrap inside the field, never
 * overflow"): the largest font size, from the field's own size down to MIN_FONT_SIZE, at which
 * the text fits on one line or, when the rectangle is tall enough, wrapped on several lines.
 * Units: PDF points; advances in 1/1000 em.
 */

/** Smallest size the layout shrinks to; the longest values the validation allows fit our templates above it. */
export const MIN_FONT_SIZE = 4
/** Size used when a field asks for auto size (`0 Tf`), before shrinking. */
export const AUTO_FONT_SIZE = 10
/** Baseline-to-baseline distance as a multiple of the font size. */
export const LINE_SPACING = 1.15
const SIZE_STEP = 0.25
const PADDING_X = 2
const PADDING_Y = 1
const SPACE = 0x20

export interface Rect { x: number, y: number, width: number, height: number }

/** 0 left, 1 centre, 2 right (the AcroForm /Q values). */
export type Alignment = 0 | 1 | 2

export interface LayoutOptions {
  /** The field's font size; 0 = auto. */
  fontSize: number
  align: Alignment
  /** Font extent in 1/1000 em: ascent > 0, descent < 0. */
  ascent: number
  descent: number
}

/** One drawn line: code points [start, end) of the value, its origin (baseline) and its width. */
export interface Line { start: number, end: number, x: number, y: number, width: number }

export interface Layout {
  size: number
  lines: Line[]
  /** False only when even MIN_FONT_SIZE could not hold every character (the drawing is clipped to the field). */
  complete: boolean
}

/** Greedy line breaking at spaces; a word longer than a line is broken between characters. */
export function breakLines (
  codePoints: ArrayLike<number>, advances: ArrayLike<number>, maxUnits: number
): [number, number][] {
  const lines: [number, number][] = []
  const n = codePoints.length
  let start = 0
  while (start < n) {
    while (start < n && codePoints[start] === SPACE) start++
    if (start >= n) break
    let used = 0
    let lastSpace = -1
    let end = n
    let next = n
    for (let i = start; i < n; i++) {
      if (codePoints[i] === SPACE) lastSpace = i
      if (used + advances[i] > maxUnits && i > start) {
        if (lastSpace > start) {
          end = lastSpace
          next = lastSpace + 1
        } else {
          end = i
          next = i
        }
        break
      }
      used += advances[i]
    }
    while (end > start && codePoints[end - 1] === SPACE) end--
    lines.push([start, end])
    start = next
  }
  return lines
}

function sum (advances: ArrayLike<number>, start: number, end: number): number {
  let total = 0
  for (let i = start; i < end; i++) total += advances[i]
  return total
}

/**
 * Lays a value out inside `rect`.
 * @param codePoints the value's characters (after src/vocabulary/format.ts cleanText: no line breaks)
 * @param advances width of each character in 1/1000 em, same length
 */
export function layoutText (
  codePoints: ArrayLike<number>, advances: ArrayLike<number>, rect: Rect, options: LayoutOptions
): Layout {
  const n = codePoints.length
  if (n === 0) return { size: options.fontSize || AUTO_FONT_SIZE, lines: [], complete: true }
  const innerWidth = Math.max(rect.width - 2 * PADDING_X, 1)
  const innerHeight = Math.max(rect.height - 2 * PADDING_Y, 1)
  const extent = (options.ascent - options.descent) / 1000
  const total = sum(advances, 0, n)
  const first = options.fontSize > 0 ? options.fontSize : Math.min(AUTO_FONT_SIZE, innerHeight / extent)
  let chosen: { size: number, lines: [number, number][], complete: boolean } | undefined
  for (let size = Math.max(first, MIN_FONT_SIZE); size >= MIN_FONT_SIZE; size -= SIZE_STEP) {
    if (size * extent > innerHeight && size > MIN_FONT_SIZE) continue
    const maxUnits = (innerWidth * 1000) / size
    if (total <= maxUnits) {
      chosen = { size, lines: [[0, n]], complete: true }
      break
    }
    const maxLines = Math.floor((innerHeight - size * extent) / (size * LINE_SPACING)) + 1
    if (maxLines < 2) continue
    const lines = breakLines(codePoints, advances, maxUnits)
    if (lines.length <= maxLines) {
      chosen = { size, lines, complete: true }
      break
    }
  }
  if (chosen === undefined) {
    const size = MIN_FONT_SIZE
    const maxLines = Math.max(1, Math.floor((innerHeight - size * extent) / (size * LINE_SPACING)) + 1)
    const lines = breakLines(codePoints, advances, (innerWidth * 1000) / size).slice(0, maxLines)
    chosen = { size, lines, complete: false }
  }
  const { size } = chosen
  const lineHeight = size * LINE_SPACING
  const blockHeight = (chosen.lines.length - 1) * lineHeight + size * extent
  const top = rect.y + (rect.height + blockHeight) / 2
  const lines = chosen.lines.map(([start, end], index): Line => {
    const width = (sum(advances, start, end) * size) / 1000
    const x = options.align === 1
      ? rect.x + (rect.width - width) / 2
      : options.align === 2 ? rect.x + rect.width - PADDING_X - width : rect.x + PADDING_X
    return { start, end, x, y: top - (size * options.ascent) / 1000 - index * lineHeight, width }
  })
  return { size, lines, complete: chosen.complete }
}
