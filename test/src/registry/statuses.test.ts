/**
 * A contract's statuses without a database (src/registry/statuses.ts; docs/registry.md "Statuses";
 * DOCUMENT-REQUIREMENTS §39): who may withdraw what and when, the bounds of an early end, counsel's
 * undo, the status folded back from its events; and a scan's type read from its bytes
 * (src/registry/scan-files.ts).
 */
import { test } from 'tap'
import { endingOutcome, rebuildStatus, unsigningOutcome, withdrawalOutcome, type ChangingContract } from '../../../src/registry/statuses.js'
import { MAX_SCAN_SIDE_PX, scanType } from '../../../src/registry/scan-files.js'

const issued: ChangingContract = { status: 'issued', entryDate: '10/03/2026', endDate: '09/09/2026', signedVia: null, endedOn: null, supersededBy: null }

test('withdrawal: only an issued contract; once started only counsel', async (t) => {
  t.equal(withdrawalOutcome(issued, '09/03/2026', false), 'withdraw', 'the day before its start: HR')
  t.same(withdrawalOutcome(issued, '10/03/2026', false), { refusal: 'forbidden' }, 'on its start: not HR')
  t.equal(withdrawalOutcome(issued, '10/03/2026', true), 'withdraw', 'counsel')
  t.same(withdrawalOutcome({ ...issued, status: 'signed' }, '01/01/2026', true), { refusal: 'status', status: 'signed' })
  t.same(withdrawalOutcome({ ...issued, status: 'ended' }, '01/01/2026', true), { refusal: 'status', status: 'ended' })
  t.equal(withdrawalOutcome({ ...issued, status: 'withdrawn' }, '01/01/2026', false), 'unchanged')
  const reprint = { id: 'r', entryDate: '10/03/2026', endDate: '09/10/2026' }
  t.same(withdrawalOutcome({ ...issued, status: 'superseded', supersededBy: reprint }, '01/01/2026', true), { refusal: 'superseded', by: reprint })
})

test('an early end: from the start to the day before the printed end, not after today', async (t) => {
  t.equal(endingOutcome(issued, '10/03/2026', '10/03/2026'), 'end', 'on its first day')
  t.equal(endingOutcome({ ...issued, status: 'signed' }, '08/09/2026', '31/12/2026'), 'end', 'the day before its printed end')
  t.same(endingOutcome(issued, '09/09/2026', '31/12/2026'), { refusal: 'notBeforeEnd', date: '09/09/2026' })
  t.same(endingOutcome(issued, '09/03/2026', '31/12/2026'), { refusal: 'beforeStart', date: '10/03/2026' })
  t.same(endingOutcome(issued, '11/03/2026', '10/03/2026'), { refusal: 'afterToday', date: '10/03/2026' })
  t.equal(endingOutcome({ ...issued, status: 'ended', endedOn: '01/04/2026' }, '01/04/2026', '31/12/2026'), 'unchanged')
  t.same(endingOutcome({ ...issued, status: 'ended', endedOn: '01/04/2026' }, '02/04/2026', '31/12/2026'), { refusal: 'endedOn', date: '01/04/2026' })
  t.same(endingOutcome({ ...issued, status: 'withdrawn' }, '01/04/2026', '31/12/2026'), { refusal: 'status', status: 'withdrawn' })
})

test('counsel\'s undo: a paper signature only', async (t) => {
  t.equal(unsigningOutcome({ ...issued, status: 'signed', signedVia: 'paper' }), 'unsign')
  t.same(unsigningOutcome({ ...issued, status: 'signed', signedVia: 'electronic' }), { refusal: 'electronic' })
  t.same(unsigningOutcome(issued), { refusal: 'status', status: 'issued' })
})

test('the status folded from its events, oldest first', async (t) => {
  t.same(rebuildStatus([]), { status: 'issued', signedOn: null, signedVia: null, endedOn: null, copyDeliveredOn: null, copyDeliveredVia: null, supersededBy: null })
  const signed = { what: 'signed' as const, details: { signingDate: '2026-03-10', signedVia: 'paper', copyDeliveredOn: '2026-03-10', copyDeliveredVia: 'paper' } }
  t.match(rebuildStatus([signed, { what: 'scan', details: {} }]), { status: 'signed', signedOn: '10/03/2026', signedVia: 'paper', copyDeliveredOn: '10/03/2026' })
  t.match(rebuildStatus([signed, { what: 'copy', details: { copyDeliveredOn: '2026-03-12', copyDeliveredVia: 'paper' } }]), { copyDeliveredOn: '12/03/2026' })
  t.match(rebuildStatus([signed, { what: 'unsigned', details: {} }, { what: 'withdrawn', details: {} }]), { status: 'withdrawn', signedOn: null, copyDeliveredOn: null })
  t.match(rebuildStatus([signed, { what: 'ended', details: { endedOn: '2026-04-01' } }]), { status: 'ended', endedOn: '01/04/2026', signedOn: '10/03/2026' }, 'an ended one keeps its signature')
  t.match(rebuildStatus([{ what: 'superseded', details: { by: 'r' } }]), { status: 'superseded', supersededBy: 'r' })
})

/** A JPEG's skeleton: SOI, an APP0, a SOF0 of `width` × `height`, EOI (with `tail` after it). */
function jpeg (width: number, height: number, tail: number[] = []): Buffer {
  const sof = [0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00]
  const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00]
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9, ...tail])
}

test('a scan\'s type by its bytes: PDF with %%EOF, JPEG from SOI to EOI within 10,000 px, never by a name', async (t) => {
  t.same(scanType(Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n')), { mediaType: 'application/pdf' })
  t.same(scanType(Buffer.from('%PDF-1.7\n1 0 obj\n')), { refusal: 'type' }, 'a PDF cut short')
  t.same(scanType(Buffer.from('MZ\x90\x00 this program cannot be run in DOS mode %PDF-1.4 %%EOF', 'latin1')), { refusal: 'type' }, 'an .exe')
  t.same(scanType(jpeg(3000, 4000)), { mediaType: 'image/jpeg' })
  t.same(scanType(jpeg(3000, 4000, [0x00, 0x00, 0x0a])), { mediaType: 'image/jpeg' }, 'padding after EOI')
  t.same(scanType(jpeg(MAX_SCAN_SIDE_PX + 1, 10)), { refusal: 'size' })
  t.same(scanType(jpeg(10, 10).subarray(0, 15)), { refusal: 'type' }, 'no EOI')
  t.same(scanType(Buffer.alloc(0)), { refusal: 'type' })
})
