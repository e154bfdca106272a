/**
 * The employer's sites (sedes) of the profile (schemas/employer-profile.ts `sites`): a record's
 * `subDivisionOrParking` names one; its address is the place of work printed in the contract
 * (DOCUMENT-REQUIREMENTS §26) and its modalities are the ones its contracts may use (§21).
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { foldText } from '../vocabulary/format.js'
import { parseModality, type ModalityCode } from '../vocabulary/modality.js'

/** One site of the profile. */
export type ProfileSite = EmployerProfile['sites'][number]

const byProfile = new WeakMap<EmployerProfile, Map<string, ProfileSite>>()

/**
 * The profile's site named `name`, ignoring case, accents and spacing; undefined when the
 * profile has none of that name.
 */
export function profileSite (profile: EmployerProfile, name: string): ProfileSite | undefined {
  let sites = byProfile.get(profile)
  if (sites === undefined) {
    sites = new Map(profile.sites.map((site) => [foldText(site.name), site]))
    byProfile.set(profile, sites)
  }
  return sites.get(foldText(name))
}

/** Whether a site's contracts may use `modality` (its `modalities`, by article number or legal name; §21). */
export function siteAllows (site: ProfileSite, modality: ModalityCode): boolean {
  return site.modalities.some((allowed) => parseModality(allowed) === modality)
}

/** The article numbers of a site's modalities, in the profile's order. */
export function siteModalities (site: ProfileSite): ModalityCode[] {
  return site.modalities.flatMap((allowed) => parseModality(allowed) ?? [])
}

/**
 * Start-up problems of the sites: two sites with one name, a modality the service does not print.
 * One line per problem.
 */
export function siteProblems (profile: EmployerProfile): string[] {
  const seen = new Set<string>()
  const problems: string[] = []
  profile.sites.forEach((site, index) => {
    const key = foldText(site.name)
    if (seen.has(key)) problems.push(`sites.${index}: la sede "${site.name}" está repetida`)
    seen.add(key)
    for (const modality of site.modalities) {
      if (parseModality(modality) === undefined) problems.push(`sites.${index}.modalities: "${modality}" no es 57, 58, 60, 61, 63 ni 67`)
    }
  })
  return problems
}
