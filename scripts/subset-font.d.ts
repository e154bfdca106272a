// subset-font ships no types; the one call scripts/build-fonts.ts makes.
declare module 'subset-font' {
  export default function subsetFont (font: Uint8Array, text: string, options?: {
    targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt'
    noHinting?: boolean
    keepFeatures?: string[]
    dropTables?: string[]
  }): Promise<Uint8Array>
}
