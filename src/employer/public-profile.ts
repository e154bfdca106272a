/**
 * The part of the employer profile a client may read (`GET /api/profile`, docs/endpoints.md): what
 * it needs to fill a lawful record and nothing beyond what the documents print (a site's cause is
 * printed in its contracts; the risk assessments' codes and the employer's identity are not here).
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { MODALITIES, MODALITY_CODES, parseModality } from '../vocabulary/modality.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import { workingTimeText } from '../vocabulary/working-time.js'
import { positionCatalogue } from './catalogue.js'

/** The profile's public view. */
export interface EmployerPublicProfile {
  /** The annex's position catalogue: `key` is what `positionProfile` takes; `position` may be the name or an alias. */
  positions: Array<{ key: string, name: string, aliases: string[] }>
  /** Modalities the service prints, with their maximum term in months (LPCL arts. 57-63, 74). */
  modalities: Array<{ code: string, name: string, maxMonths: number }>
  /** Sites with a cause HR reviewed: for which modalities (codes), and the cause each prints. */
  sites: Array<{ name: string, modalities: string[], causes: Record<string, string> }>
  /** The workplace's ordinary week (DOCUMENT-REQUIREMENTS §23): days (5 or 6) and hours. */
  ordinaryWeek: { days: number, hours: number }
  /** `ordinaryWeek.days`, as earlier clients read it. */
  workWeekDays: number
  /** Per contract type: modality code, working time and probation used when a record omits them. */
  contractDefaults: Record<string, {
    modality?: string, weeklyHours?: number, workDays?: string, workSchedule?: string, probationMonths?: number
  }>
  /** RMV in soles. */
  minimumWage: number
}

/** A structured working time as the text fields the contracts print. */
function canonical (time: Parameters<typeof workingTimeText>[0]): { workDays: string, workSchedule: string } {
  const { days, schedule } = workingTimeText(time)
  return { workDays: days, workSchedule: schedule }
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
        : {
            weeklyHours: defaults.weeklyHours,
            // a structured default as the canonical text the contracts print (§22)
            ...(defaults.workingTime === undefined
              ? { workDays: defaults.workDays, workSchedule: defaults.workSchedule }
              : canonical(defaults.workingTime))
          }),
      ...(defaults.probationMonths === undefined ? {} : { probationMonths: defaults.probationMonths })
    }
  }
  return {
    positions: positionCatalogue(profile).positions.map(({ key, name, aliases }) => ({ key, name, aliases })),
    modalities: MODALITY_CODES.map((code) => ({ ...MODALITIES[code] })),
    sites: Object.entries(profile.causes?.bySite ?? {}).map(([name, causes]) => {
      const byCode = Object.entries(causes).flatMap(([key, cause]) => {
        const code = parseModality(key)
        return code === undefined ? [] : [[code, cause] as const]
      })
      return { name, modalities: byCode.map(([code]) => code), causes: Object.fromEntries(byCode) }
    }),
    ordinaryWeek: { ...profile.ordinaryWeek },
    workWeekDays: profile.ordinaryWeek.days,
    contractDefaults,
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE
  }
}
