/* global location */
// The worker's signing page (docs/signing-flow.md): paper first, identity, code, read, sign or decline.
// Every text comes from the page's JSON (schemas/messages/signing.ts); nothing third-party.
const texts = JSON.parse(document.getElementById('texts').textContent)
const token = location.pathname.split('/').filter(Boolean)[1] ?? ''
const api = `/api/signing/${token}`
const $ = (id) => document.getElementById(id)
const show = (id, visible = true) => { $(id).hidden = !visible }
const say = (message) => { $('message').textContent = message ?? ''; show('message', Boolean(message)) }

async function call (path, body) {
  const response = await fetch(api + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin'
  })
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) throw new Error(answer.message ?? String(response.status))
  return answer.data
}

function fill () {
  $('title').textContent = texts.title
  $('paper-text').textContent = texts.paperFirst
  $('paper-button').textContent = texts.choosePaper
  $('identity-intro').textContent = texts.identityIntro
  $('dni-label').textContent = texts.dni
  $('birth-label').textContent = texts.birthDate
  $('identity-button').textContent = texts.confirm
  $('code-label').textContent = texts.code
  $('code-button').textContent = texts.confirm
  $('resend').textContent = texts.resend
  $('not-mine').textContent = texts.notMyAddress
  $('read').textContent = texts.read
  $('consents-intro').textContent = texts.consentsIntro
  $('sign').textContent = texts.sign
  $('reason-label').textContent = texts.reason
  $('disagree').textContent = texts.disagree
  $('demo').textContent = texts.demo
  $('zoom-in').textContent = texts.zoomIn
  $('zoom-out').textContent = texts.zoomOut
  $('close-document').textContent = texts.closeDocument
}

function link (href, label, download) {
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.textContent = label
  anchor.rel = 'noreferrer'
  if (download) anchor.download = ''
  else anchor.target = '_blank'
  return anchor
}

function finished (text, signed) {
  for (const id of ['paper', 'identity', 'code', 'documents']) show(id, false)
  $('done-text').textContent = text
  const list = $('signed-list')
  list.replaceChildren()
  for (const document of signed?.documents ?? []) {
    const item = window.document.createElement('li')
    item.append(link(`${api}/signed/${document.kind}`, `${texts.download} ${document.kind}.pdf`, true), ` SHA-256 ${document.sha256}`)
    list.append(item)
  }
  show('done')
}

let state
async function load () {
  try {
    state = await call('')
  } catch (error) {
    say(error.message)
    return
  }
  show('demo', state.demo)
  if (state.status === 'signed') return finished(texts.signed, state.answer)
  if (!['queued', 'sent', 'opened'].includes(state.status)) return say(texts[state.status] ?? '')
  show('paper')
  if (state.session) return documents()
  show('identity')
}

function documents () {
  show('identity', false)
  show('code', false)
  const list = $('document-list')
  list.replaceChildren()
  for (const document of state.documents) {
    const item = window.document.createElement('li')
    const name = texts.documentNames[document.kind] ?? document.kind
    const read = window.document.createElement('button')
    read.type = 'button'
    read.className = 'inline'
    read.textContent = `${texts.readHere}: ${name}`
    read.addEventListener('click', () => { openDocument(document.kind, name).catch(() => {}) })
    item.append(read, ' ', link(`${api}/documents/${document.kind}`, `${texts.download} (${document.kind}.pdf)`, true))
    list.append(item)
  }
  const consents = $('consent-list')
  consents.replaceChildren()
  for (const purpose of state.purposes) {
    const box = window.document.createElement('div')
    box.className = 'consent'
    const text = window.document.createElement('p')
    text.textContent = `${purpose.letter}) ${purpose.text}`
    box.append(text)
    for (const [value, label] of [['yes', texts.yes], ['no', texts.no]]) {
      const option = window.document.createElement('label')
      const input = window.document.createElement('input')
      input.type = 'radio'
      input.name = `consent-${purpose.id}`
      input.value = value
      option.append(input, ` ${label}`)
      box.append(option)
    }
    consents.append(box)
  }
  show('consents', state.purposes.length > 0)
  show('documents')
}

// the reader (viewer.js, with pdf.js) loads only when a document is opened
let reader
/** The latest document asked for: a slower answer for one asked before never fills the reader. */
let opening = 0
async function openDocument (kind, name) {
  const ticket = ++opening
  reader = undefined
  $('viewer-title').textContent = name
  $('viewer-pages').replaceChildren()
  $('viewer-status').textContent = texts.loadingDocument
  show('viewer')
  $('viewer').scrollIntoView()
  try {
    const response = await fetch(`${api}/documents/${kind}`, { credentials: 'same-origin' })
    if (!response.ok) throw new Error((await response.json().catch(() => ({}))).message ?? texts.documentFailed)
    const bytes = await response.arrayBuffer()
    const { showPdf } = await import('/firmar/static/viewer.js')
    if (ticket !== opening) return
    const shown = await showPdf($('viewer-pages'), bytes, texts, () => ticket === opening)
    if (ticket !== opening) return
    reader = shown
    $('zoom-level').textContent = '100 %'
    $('viewer-status').textContent = ''
  } catch (error) {
    if (ticket !== opening) return
    reader = undefined
    $('viewer-status').textContent = error.message && error.message !== '' ? `${texts.documentFailed} (${error.message})` : texts.documentFailed
  }
}
for (const [id, step] of [['zoom-in', 1], ['zoom-out', -1]]) {
  $(id).addEventListener('click', () => {
    if (reader === undefined) return
    reader.zoom(step).then((zoom) => { if (zoom !== undefined) $('zoom-level').textContent = `${Math.round(zoom * 100)} %` },
      (error) => { $('viewer-status').textContent = `${texts.documentFailed} (${error.message})` })
  })
}
$('close-document').addEventListener('click', () => {
  opening++
  show('viewer', false)
  $('viewer-pages').replaceChildren()
  reader = undefined
})

async function act (button, work) {
  button.disabled = true
  say('')
  try { await work() } catch (error) { say(error.message) } finally { button.disabled = false }
}

$('paper-button').addEventListener('click', () => act($('paper-button'), async () => {
  await call('/decline', { choice: 'paper' })
  finished(texts.declined)
}))
$('identity').addEventListener('submit', (event) => {
  event.preventDefault()
  act($('identity-button'), async () => {
    const sent = await call('/identity', { dni: $('dni').value, birthDate: $('birth').value })
    $('code-sent').textContent = texts.codeSent.replace('{email}', sent.email)
    show('identity', false)
    show('code')
  })
})
$('code').addEventListener('submit', (event) => {
  event.preventDefault()
  act($('code-button'), async () => {
    await call('/code', { code: $('code-input').value.trim() })
    state = await call('')
    documents()
  })
})
$('resend').addEventListener('click', () => act($('resend'), async () => { await call('/code', { resend: true }) }))
$('not-mine').addEventListener('click', () => act($('not-mine'), async () => {
  await call('/decline', { choice: 'not-my-address' })
  finished(texts.declined)
}))
$('sign').addEventListener('click', () => act($('sign'), async () => {
  const consents = []
  for (const purpose of state.purposes) {
    const chosen = document.querySelector(`input[name="consent-${purpose.id}"]:checked`)
    if (chosen !== null) consents.push({ purpose: purpose.id, accepted: chosen.value === 'yes' })
  }
  const documents = Object.fromEntries(state.documents.map((document) => [document.kind, document.sha256]))
  const signed = await call('/sign', { consents, documents })
  finished(texts.signed, signed)
}))
$('disagree').addEventListener('click', () => act($('disagree'), async () => {
  const reason = $('reason').value.trim()
  await call('/decline', reason === '' ? { choice: 'disagree' } : { choice: 'disagree', reason })
  finished(texts.declined)
}))

fill()
load()
