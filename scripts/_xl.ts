import { buildSctrWorkbook } from '../src/reports/sctr.js'
import { buildLawLifeWorkbook } from '../src/reports/law-life.js'
import { mixedEmployees } from '../bench/lib.js'
const emps = mixedEmployees(50) as any
for (let i = 0; i < 50; i++) { await buildSctrWorkbook(emps); await buildLawLifeWorkbook(emps) }
const t = performance.now(); for (let i = 0; i < 200; i++) await buildSctrWorkbook(emps); console.log('sctr ms', (performance.now() - t) / 200)
const b = await buildSctrWorkbook(emps); console.log('bytes', b.length)
