import type { Employee } from '../schemas/employee.js'
import { sampleSubsidio } from '../test/samples.js'
import { assetPath } from '../src/paths.js'
import { loadEngineData } from '../src/pdf/engine.js'
import { createRenderer } from '../src/pdf/renderer.js'
import { createRenderer as createB } from '../src/pdfb/renderer.js'
const { data } = await loadEngineData({ templatesDir: assetPath('templates'), employerProfilePath: assetPath('employer-profile.json'), unicodeFontPath: assetPath('fonts', 'DejaVuSans.ttf') })
const a = createRenderer(data); const b = createB(data)
const types = ['Planilla', 'Part Time', 'Subsidio'] as const
const emps = Array.from({ length: 50 }, (_, i) => ({ ...sampleSubsidio(), dni: String(40000000 + i), contractType: types[i % 3] }) as unknown as Employee)
let sizeA = 0, sizeB = 0
for (const e of emps) { const d = await a.documents(e); sizeA += d.contract.length + d.consent.length + d.annex.length; const x = await b.documents(e); sizeB += x.contract.length + x.consent.length + x.annex.length }
const time = async (r: typeof a) => { const t = performance.now(); for (let k = 0; k < 10; k++) for (const e of emps) await r.documents(e); return (performance.now() - t) / (10 * 150) }
const ra: number[] = [], rb: number[] = []
for (let i = 0; i < 7; i++) { ra.push(await time(a)); rb.push(await time(b)) }
const med = (v: number[]) => v.sort((x, y) => x - y)[3]
console.log(`compressed content: ${med(ra).toFixed(3)} ms/doc, ${(sizeA / 150).toFixed(0)} B/doc; plain content: ${med(rb).toFixed(3)} ms/doc, ${(sizeB / 150).toFixed(0)} B/doc`)
