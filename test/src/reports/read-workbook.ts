/**
 * Test-side readers of the report workbooks, independent of the writer: SheetJS for values,
 * number formats and fills; the raw sheet and style XML (unzipped with yauzl) for what SheetJS
 * does not expose (alignment, bold).
 */
import yauzl from 'yauzl'
import * as XLSX from 'xlsx'

/** Every entry of a ZIP archive as text, by path. */
export async function unzipText (bytes: Uint8Array): Promise<Map<string, string>> {
  return await new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (err, zip) => {
      if (err !== null) return reject(err)
      const files = new Map<string, string>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr !== null) return reject(streamErr)
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('end', () => { files.set(entry.fileName, Buffer.concat(chunks).toString('utf8')); zip.readEntry() })
          stream.on('error', reject)
        })
      })
      zip.on('end', () => resolve(files))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}

export interface ReadWorkbook {
  sheetName: string
  sheet: XLSX.WorkSheet
  /** Header texts of row 1, in column order. */
  header: string[]
  /** Number of rows below the header. */
  dataRows: number
  /** The SheetJS cell at row (1 = header) and column (0-based), undefined when empty. */
  cell: (row: number, column: number) => XLSX.CellObject | undefined
}

/** Reads the single sheet of a workbook with SheetJS, styles and number formats included. */
export function readWorkbook (bytes: Uint8Array): ReadWorkbook {
  const workbook = XLSX.read(bytes, { cellStyles: true, cellNF: true, cellDates: false })
  if (workbook.SheetNames.length !== 1) throw new Error(`expected one sheet, got ${workbook.SheetNames.join(', ')}`)
  const sheetName = workbook.SheetNames[0]
  const sheet = workbook.Sheets[sheetName]
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1')
  const cell = (row: number, column: number) => sheet[XLSX.utils.encode_cell({ r: row - 1, c: column })] as XLSX.CellObject | undefined
  const header: string[] = []
  for (let c = 0; c <= range.e.c; c++) header.push(String(cell(1, c)?.v ?? ''))
  return { sheetName, sheet, header, dataRows: range.e.r, cell }
}

/** Year, month, day a serial stands for, by SheetJS's own date code (1900 system). */
export function serialToDayMonthYear (serial: number): string {
  const { y, m, d } = XLSX.SSF.parse_date_code(serial)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d)}/${pad(m)}/${y}`
}

export interface CellXmlStyle {
  horizontal: string | undefined
  bold: boolean
  fillRgb: string | undefined
}

/** The style of one cell (`A1`) read straight from sheet1.xml and styles.xml. */
export async function cellXmlStyle (bytes: Uint8Array, address: string): Promise<CellXmlStyle> {
  const files = await unzipText(bytes)
  const sheetXml = files.get('xl/worksheets/sheet1.xml') ?? ''
  const stylesXml = files.get('xl/styles.xml') ?? ''
  const cellTag = new RegExp(`<c [^>]*r="${address}"[^>]*>`).exec(sheetXml)?.[0]
  if (cellTag === undefined) throw new Error(`no cell ${address}`)
  const styleIndex = Number(/ s="(\d+)"/.exec(cellTag)?.[1] ?? 0)
  const list = (tag: string, item: string) => {
    const block = new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`).exec(stylesXml)?.[1] ?? ''
    return block.match(new RegExp(`<${item}(?:\\s[^>]*?)?(?:/>|>[\\s\\S]*?</${item}>)`, 'g')) ?? []
  }
  const xf = list('cellXfs', 'xf')[styleIndex] ?? ''
  const fontId = Number(/fontId="(\d+)"/.exec(xf)?.[1] ?? 0)
  const fillId = Number(/fillId="(\d+)"/.exec(xf)?.[1] ?? 0)
  const font = list('fonts', 'font')[fontId] ?? ''
  const fill = list('fills', 'fill')[fillId] ?? ''
  return {
    horizontal: /<alignment [^>]*horizontal="(\w+)"/.exec(xf)?.[1],
    bold: /<b\/>|<b val="(1|true)"\/>/.test(font),
    fillRgb: /patternType="solid"[\s\S]*?<fgColor rgb="(\w+)"/.exec(fill)?.[1]
  }
}

/** Rows frozen at the top of the sheet (the pane's ySplit), 0 when none. */
export async function frozenRows (bytes: Uint8Array): Promise<number> {
  const sheetXml = (await unzipText(bytes)).get('xl/worksheets/sheet1.xml') ?? ''
  const pane = /<pane [^>]*>/.exec(sheetXml)?.[0] ?? ''
  return /state="frozen"/.test(pane) ? Number(/ySplit="(\d+)"/.exec(pane)?.[1] ?? 0) : 0
}

/** Column widths (characters) as written in sheet1.xml, by 1-based column number. */
export async function columnWidths (bytes: Uint8Array): Promise<Map<number, number>> {
  const sheetXml = (await unzipText(bytes)).get('xl/worksheets/sheet1.xml') ?? ''
  const widths = new Map<number, number>()
  for (const match of sheetXml.matchAll(/<col min="(\d+)" max="(\d+)" width="([\d.]+)"/g)) {
    for (let c = Number(match[1]); c <= Number(match[2]); c++) widths.set(c, Number(match[3]))
  }
  return widths
}
