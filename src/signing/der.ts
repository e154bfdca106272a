/**
 * A minimal DER (ITU-T X.690) writer and reader for the hot path of sealing: the CMS SignedData of
 * every signature and the RFC 3161 reply are written and read here, byte by byte, because a
 * schema-checked parse by pkijs costs about 1 ms per structure (a worker's three seals must stay
 * within 25 ms of CPU). pkijs stays for what happens once (certificates, PKCS#12).
 */

/** Universal tags used here. */
export const TAG = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  sequence: 0x30,
  set: 0x31,
  generalizedTime: 0x18
} as const

function lengthBytes (length: number): Buffer {
  if (length < 0x80) return Buffer.from([length])
  const bytes: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}

/** One TLV: `tag` (one byte: class, constructed bit and number) around `content`. */
export function tlv (tag: number, ...content: Uint8Array[]): Buffer {
  const body = Buffer.concat(content)
  return Buffer.concat([Buffer.from([tag]), lengthBytes(body.length), body])
}

/** An OBJECT IDENTIFIER from its dotted form. */
export function oid (dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number)
  const bytes: number[] = [arcs[0] * 40 + arcs[1]]
  for (const arc of arcs.slice(2)) {
    const group: number[] = [arc & 0x7f]
    for (let rest = Math.floor(arc / 128); rest > 0; rest = Math.floor(rest / 128)) group.unshift(0x80 | (rest & 0x7f))
    bytes.push(...group)
  }
  return tlv(TAG.oid, Buffer.from(bytes))
}

/** A small non-negative INTEGER. */
export function integer (value: number): Buffer {
  return tlv(TAG.integer, Buffer.from([value]))
}

/** One decoded TLV: its tag byte, where its content is in `bytes`, and where it ends. */
export interface Node { tag: number, offset: number, start: number, end: number, bytes: Uint8Array }

/**
 * The TLV at `at` in `bytes`.
 * @throws Error when the length runs past the end (not DER we can read)
 */
export function read (bytes: Uint8Array, at = 0): Node {
  const tag = bytes[at]
  let length = bytes[at + 1]
  let start = at + 2
  if (length & 0x80) {
    const count = length & 0x7f
    if (count === 0 || count > 4) throw new Error('DER: longitud indefinida o demasiado larga')
    length = 0
    for (let i = 0; i < count; i++) length = length * 256 + bytes[start + i]
    start += count
  }
  if (tag === undefined || start + length > bytes.length) throw new Error('DER: estructura truncada')
  return { tag, offset: at, start, end: start + length, bytes }
}

/** The TLVs inside a constructed node, in order. */
export function children (node: Node): Node[] {
  const nodes: Node[] = []
  for (let at = node.start; at < node.end;) {
    const child = read(node.bytes, at)
    nodes.push(child)
    at = child.end
  }
  return nodes
}

/** A node's content bytes. */
export const content = (node: Node): Uint8Array => node.bytes.subarray(node.start, node.end)

/** A node's whole encoding, tag and length included. */
export const encoding = (node: Node): Uint8Array => node.bytes.subarray(node.offset, node.end)
