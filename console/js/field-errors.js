/**
 * A refusal shown on the form's fields (the renewal and cause forms): each `{field, message}` of the
 * envelope on the field whose `data-field` its path names (`body.salary` → `salary`,
 * `body.period.from` → `period.from`), the rest, and the envelope's message, above the fields (the
 * first field's message when the envelope's is the generic one: ApiError).
 */
import { alertBox, el } from './dom.js'

/**
 * Removes the marks of an earlier refusal.
 * @param {HTMLElement} form
 * @param {HTMLElement} general
 */
export function clearFieldErrors (form, general) {
  general.replaceChildren()
  for (const field of form.querySelectorAll('[data-field]')) {
    field.classList.remove('invalid')
    field.querySelector('p.field-error')?.remove()
    for (const input of field.querySelectorAll('input, select, textarea')) input.removeAttribute('aria-invalid')
  }
}

/**
 * @param {HTMLElement} form
 * @param {HTMLElement} general where the message and the items of no field go
 * @param {import('./api.js').ApiError} error
 * @returns {HTMLElement | undefined} the first field's control in error, to focus
 */
export function showFieldErrors (form, general, error) {
  clearFieldErrors(form, general)
  /** @type {string[]} */
  const rest = []
  /** @type {HTMLElement | undefined} */
  let first
  for (const issue of error.issues) {
    const path = issue.field.replace(/^body\.?/, '')
    const field = [...form.querySelectorAll('[data-field]')].find((node) => {
      const name = /** @type {HTMLElement} */ (node).dataset.field ?? ''
      return path === name || path.startsWith(`${name}.`)
    })
    if (field === undefined) {
      rest.push(issue.message)
      continue
    }
    field.classList.add('invalid')
    const control = /** @type {HTMLElement | null} */ (field.querySelector('input, select, textarea'))
    const id = `${control?.id ?? 'field'}-error-${field.querySelectorAll('p.field-error').length}`
    field.append(el('p', { class: 'field-error', id }, issue.message))
    if (control !== null) {
      control.setAttribute('aria-invalid', 'true')
      const described = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((ref) => ref !== '' && !ref.includes('-error-'))
      control.setAttribute('aria-describedby', [...described, id].join(' '))
      first ??= control
    }
  }
  if (typeof error.detail === 'string') rest.push(error.detail)
  // the message is the first field's when the envelope's was the generic text (ApiError): not twice in the box
  general.append(alertBox('error', error.message, rest.filter((text) => text !== error.message)))
  return first
}
