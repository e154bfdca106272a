/**
 * Font metrics the layout needs, as plain data that can cross into worker threads: advance
 * widths in 1/1000 em and the vertical extent (ascent above and descent below the baseline).
 * The embedded text font provides them (src/pdf/embedded-font.ts).
 */

export interface FontMetrics {
  /** Advance width of each WinAnsi byte in 1/1000 em; 0 for unused bytes. */
  widths: number[]
  /** Above the baseline, 1/1000 em (positive). */
  ascent: number
  /** Below the baseline, 1/1000 em (negative). */
  descent: number
}
