/**
 * The part of the employer profile a client may read (`GET /api/profile`, docs/endpoints.md): what
 * it needs to fill a lawful record and nothing beyond what the documents print (a site's address and
 * a reviewed cause are printed in its contracts; the risk assessments' codes and the employer's
 * identity are not here).
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { MODALITIES, MODALITY_CODES, parseModality } from '../vocabulary/modality.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import { positionCatalogue } from './catalogue.js'
import { reviewedCauses } from './causes.js'
import { siteModalities } from './sites.js'

/** The profile's public view. */
export interface EmployerPublicProfile {
  /** The annex's position catalogue: `key` is what `positionProfile` takes; `position` may be the name or an alias. */
  positions: Array<{ key: string, name: string, aliases: string[] }>
  /** Modalities the service prints, with their maximum term in months (LPCL arts. 57-63, 74). */
  modalities: Array<{ code: string, name: string, maxMonths: number }>
  /** The workplaces: the name `subDivisionOrParking` takes, the address, the modalities (codes) of its contracts. */
  sites: Array<{ name: string, address: string, modalities: string[] }>
  /**
   * The causes counsel reviewed (DOCUMENT-REQUIREMENTS §21): `id` is what `causeId` takes; the modality
   * (code), the sites, the text printed, the period (`DD/MM/YYYY`) and the days and hours it justifies.
   */
  causes: Array<{
    id: string,
    modality: string,
    sites: string[],
    text: string,
    period: { from: string, to: string },
    justifies?: { days: string, from: string, to: string }
  }>
  /** Working days of the workplace's week (5 or 6). */
  workWeekDays: number
  /** Per contract type: modality code, working time and probation used when a record omits them. */
  contractDefaults: Record<string, {
    modality?: string, weeklyHours?: number, workDays?: string, workSchedule?: string, probationMonths?: number
  }>
  /** RMV in soles. */
  minimumWage: number
}

/** Builds the public view of a loaded (already checked) profile. */
export function employerPublicProfile (profile: EmployerProfile): EmployerPublicProfile {
  const contractDefaults: EmployerPublicProfile['contractDefaults'] = {}
  for (const [type, defaults] of Object.entries(profile.contractDefaults)) {
    const modality = defaults.modality === undefined ? undefined : parseModality(defaults.modality)
    contractDefaults[type] = {
      ...(modality === undefined ? {} : { modality }),
      ...(type === 'Part Time'
        ? {}
        : { weeklyHours: defaults.weeklyHours, workDays: defaults.workDays, workSchedule: defaults.workSchedule }),
      ...(defaults.probationMonths === undefined ? {} : { probationMonths: defaults.probationMonths })
    }
  }
  return {
    positions: positionCatalogue(profile).positions.map(({ key, name, aliases }) => ({ key, name, aliases })),
    modalities: MODALITY_CODES.map((code) => ({ ...MODALITIES[code] })),
    sites: profile.sites.map((site) => ({ name: site.name, address: site.address, modalities: siteModalities(site) })),
    causes: reviewedCauses(profile).map((cause) => {
      const { justifies } = (profile.causes ?? []).find((entry) => entry.id === cause.id) ?? {}
      return {
        id: cause.id,
        modality: cause.modality,
        sites: [...cause.sites],
        text: cause.text,
        period: { ...cause.period },
        ...(justifies === undefined ? {} : { justifies: { ...justifies } })
      }
    }),
    workWeekDays: profile.workWeekDays ?? 5,
    contractDefaults,
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE
  }
}
