/**
 * A cause HR proposes, or counsel edits, for the registry (`POST /api/causes`, `PATCH
 * /api/causes/{id}`; docs/registry.md "Causes"; DOCUMENT-REQUIREMENTS §21): written as the employer
 * profile writes its causes and checked as the profile's are at start-up (causeFindings: modality,
 * sites, period, hours), plus whether the documents' fonts can draw its text. Refusals are on the
 * cause's fields, in Spanish (CAUSE_REVIEW_MESSAGES, schemas/messages.ts).
 */
import type { EmployerProfile, ProfileCause } from '../../schemas/employer-profile.js'
import type { CauseEdit } from '../../schemas/cause-reviews.js'
import { CAUSE_REVIEW_MESSAGES, PRINTABLE_MESSAGES } from '../../schemas/messages.js'
import { modalityInWords, parseModality } from '../vocabulary/modality.js'
import { causeFindings, type CauseFinding } from './reviewed-causes.js'
import { profileSite } from './sites.js'

/** What a cause says, as the profile writes it (`causes[i]` without its id). */
export type CauseContent = Omit<ProfileCause, 'id'>

/** A refusal of a proposed cause: its field (`text`, `sites`, `period`…) and message. */
export interface ProposalIssue { field: string, message: string }

/**
 * The cause as it is registered: its text on one line without surrounding spaces, its modality as
 * the article number, its sites as the profile names them (when it has them).
 */
export function normalizedCause (profile: EmployerProfile, cause: CauseContent): CauseContent {
  const modality = parseModality(cause.modality)
  return {
    modality: modality ?? cause.modality.trim(),
    sites: cause.sites.map((name) => profileSite(profile, name)?.name ?? name.trim()),
    text: cause.text.replace(/\s+/g, ' ').trim(),
    period: { from: cause.period.from, to: cause.period.to },
    ...(cause.activityStart === undefined ? {} : { activityStart: cause.activityStart }),
    ...(cause.justifies === undefined ? {} : { justifies: { ...cause.justifies, days: cause.justifies.days.trim() } })
  }
}

/**
 * What counsel's edit leaves a proposal saying: its own fields, with the edited ones in their place
 * (`justifies: null` removes the hours it justified).
 */
export function editedCause (cause: CauseContent, edit: CauseEdit): CauseContent {
  const { justifies, ...rest } = edit
  const { modality, sites, text, period, activityStart } = cause
  const merged: CauseContent = { modality, sites, text, period, activityStart, justifies: cause.justifies, ...rest }
  if (merged.activityStart === undefined) delete merged.activityStart
  if (justifies !== undefined && justifies !== null) merged.justifies = justifies
  if (justifies === null || merged.justifies === undefined) delete merged.justifies
  return merged
}

function findingMessage (profile: EmployerProfile, finding: CauseFinding): string {
  switch (finding.kind) {
    case 'modality': {
      const code = parseModality(finding.modality)
      return CAUSE_REVIEW_MESSAGES.notPrintedModality(code === undefined ? `"${finding.modality}"` : modalityInWords(code))
    }
    case 'unknownSite': return CAUSE_REVIEW_MESSAGES.unknownSite(finding.site, profile.sites.map((site) => site.name))
    case 'siteModality': return CAUSE_REVIEW_MESSAGES.siteModality(finding.site, modalityInWords(finding.modality))
    case 'notADate': return finding.field === 'activityStart' ? CAUSE_REVIEW_MESSAGES.activityStart.invalid : CAUSE_REVIEW_MESSAGES.periodFrom.invalid
    case 'activityStartMissing': return CAUSE_REVIEW_MESSAGES.activityStartMissing
    case 'activityTooLong': return CAUSE_REVIEW_MESSAGES.activityTooLong(finding.start, finding.lastDay, finding.to)
    case 'beforeActivity': return CAUSE_REVIEW_MESSAGES.periodBeforeActivity(finding.start, finding.from)
    case 'backwards': return CAUSE_REVIEW_MESSAGES.periodBackwards(finding.from, finding.to)
    case 'seasonTooLong': return CAUSE_REVIEW_MESSAGES.seasonTooLong(finding.from, finding.to)
    case 'justifies': return CAUSE_REVIEW_MESSAGES.justifiesUnreadable(finding.days, finding.from, finding.to)
  }
}

/**
 * What of a cause (normalised) the profile cannot print, one issue per field, under `prefix`
 * (`body`, or '' for a stored cause being approved).
 * @param unprintableScripts the scripts of a text the documents cannot draw (printable rules); none: []
 */
export function causeIssues (
  profile: EmployerProfile, cause: CauseContent, prefix: string,
  unprintableScripts: (text: string) => string[] = () => []
): ProposalIssue[] {
  const path = (field: string) => (prefix === '' ? field : `${prefix}.${field}`)
  const issues = new Map<string, ProposalIssue>()
  for (const finding of causeFindings(profile, cause)) {
    if (issues.has(finding.field)) continue
    issues.set(finding.field, { field: path(finding.field), message: findingMessage(profile, finding) })
  }
  const scripts = unprintableScripts(cause.text)
  if (scripts.length > 0) issues.set('text', { field: path('text'), message: PRINTABLE_MESSAGES.unsupportedScript(scripts.join(', ')) })
  return [...issues.values()]
}
