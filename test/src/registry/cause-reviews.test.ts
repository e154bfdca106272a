/**
 * Counsel's review of causes, its plain rules without a database (src/registry/cause-reviews.ts;
 * docs/registry.md "Causes"): the id a proposal takes, when two texts say the same, and when a
 * registered cause still says what the employer profile says.
 */
import { test } from 'tap'
import { causeSlug, freeCauseId, sameCauseContent, sameCauseText, type CauseContent } from '../../../src/registry/cause-reviews.js'

test('a proposal without id takes the words of its text, cut at a word within 60 characters, then -2, -3', async (t) => {
  t.equal(causeSlug('Campaña navideña: más clientes en tiendas'), 'campana-navidena-mas-clientes-en-tiendas')
  t.equal(causeSlug('¡!'), 'causa', 'no word at all')
  t.equal(causeSlug('uno dos tres', 7), 'uno-dos', 'cut at a word, never inside one')
  t.equal(freeCauseId('Campaña navideña', new Set()), 'campana-navidena')
  t.equal(freeCauseId('Campaña navideña', new Set(['campana-navidena'])), 'campana-navidena-2')
  t.equal(freeCauseId('Campaña navideña', new Set(['campana-navidena', 'campana-navidena-2'])), 'campana-navidena-3')
  const long = 'a'.repeat(20) + ' ' + 'b'.repeat(20) + ' ' + 'c'.repeat(18) // 60 characters with its hyphens
  const slug = causeSlug(long)
  t.equal(slug.length, 60)
  const second = freeCauseId(long, new Set([slug]))
  t.equal(second, `${'a'.repeat(20)}-${'b'.repeat(20)}-${'c'.repeat(16)}-2`, 'the suffix fits in 60 characters')
  t.equal(second.length, 60)
})

test('two texts say the same whatever their case, accents and closing stop', async (t) => {
  t.equal(sameCauseText('Campaña navideña.', 'CAMPANA NAVIDENA'), true)
  t.equal(sameCauseText('Campaña navideña;', 'campaña navideña  '), true)
  t.equal(sameCauseText('Campaña navideña', 'Campaña de verano'), false)
  t.equal(sameCauseText('Campaña, navideña', 'Campaña navideña'), false, 'a comma inside the text counts')
})

test('a registered cause says what the profile says only when modality, sites, text, period and hours are equal', async (t) => {
  const cause: CauseContent = {
    modality: '58', sites: ['Tienda Lima'], text: 'Campaña navideña', period: { from: '01/11/2026', to: '31/01/2027' }
  }
  t.equal(sameCauseContent(cause, { ...cause, sites: ['Tienda Lima'] }), true)
  t.equal(sameCauseContent(cause, { ...cause, sites: ['Tienda Lima', 'Tienda Ica'] }), false)
  t.equal(sameCauseContent(cause, { ...cause, period: { from: '01/11/2026', to: '28/02/2027' } }), false)
  t.equal(sameCauseContent(cause, { ...cause, text: 'Campaña navideña.' }), false, 'the text as written, not as compared for a proposal')
  const hours = { days: 'sábados', from: '18:00', to: '22:00' }
  t.equal(sameCauseContent({ ...cause, justifies: hours }, { ...cause, justifies: { ...hours } }), true)
  t.equal(sameCauseContent({ ...cause, justifies: hours }, cause), false)
  t.equal(sameCauseContent({ ...cause, justifies: hours }, { ...cause, justifies: { ...hours, to: '23:00' } }), false)
})
