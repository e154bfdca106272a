/** Piscina worker of the spreadsheet import: parses off the event loop (src/spreadsheets/reader.ts). */
import { readSpreadsheet, type ReadResult, type ReadTask } from './read.js'
import { lowerThreadPriority } from '../workers.js'

lowerThreadPriority() // the event loop first when the cores are short (src/workers.ts)

export default function read (task: ReadTask): Promise<ReadResult> {
  task.started?.postMessage(null) // the read's deadline starts now, not while it waited
  task.started?.close()
  return readSpreadsheet({ ...task, started: undefined })
}
