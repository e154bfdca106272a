/**
 * The part of the employer profile a client may read (`GET /api/profile`, docs/endpoints.md): what
 * it needs to fill a lawful record and nothing beyond what the documents print (a site's address and
 * a reviewed cause are printed in its contracts; the risk assessments' codes and the employer's
 * identity are not here).
 */
import type { EmployerProfile } from '../../schemas/employer-profile.js'
import { MODALITIES, MODALITY_CODES, parseModality } from '../vocabulary/modality.js'
import { DEFAULT_MINIMUM_WAGE } from '../vocabulary/minimum-wage.js'
import { workingTimeText } from '../vocabulary/working-time.js'
import { PROBATION_REASONS, PROBATION_REASON_CODES } from '../vocabulary/probation.js'
import { SUBSTITUTION_GROUNDS, SUPPORT_DOCUMENT_KINDS } from '../vocabulary/substitution.js'
import { positionCatalogue } from './catalogue.js'
import { reviewedCauses } from './reviewed-causes.js'
import { siteModalities } from './sites.js'

/** The profile's public view. */
export interface EmployerPublicProfile {
  /**
   * The annex's position catalogue: `key` is what `positionProfile` takes; `position` may be the name,
   * the feminine name or an alias; the reasons that allow the position a probation over three months,
   * each with its maximum and the justification the contract prints (§24, §26).
   */
  positions: Array<{
    key: string,
    name: string,
    feminineName: string,
    aliases: string[],
    probationReasons: Array<{ reason: string, maxMonths: number, justification: string }>
  }>
  /** The grounds a suplencia may have (`substitutionGround`: the code; §25). */
  substitutionGrounds: Array<{ code: string, name: string }>
  /** The kinds of a suplencia's supporting document (`supportDocument.kind`: the code or the name; §37). */
  supportDocumentKinds: Array<{ code: string, name: string }>
  /** Modalities the service prints, with their maximum term in months (LPCL arts. 57-63, 74). */
  modalities: Array<{ code: string, name: string, maxMonths: number }>
  /** The workplaces: the name `subDivisionOrParking` takes, the address, the modalities (codes) of its contracts. */
  sites: Array<{ name: string, address: string, modalities: string[], openAir: boolean }>
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
    /** Art. 57: the day its activity began (§34). */
    activityStart?: string
    justifies?: { days: string, from: string, to: string }
  }>
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
    positions: positionCatalogue(profile).positions.map(({ key, name, feminineName, aliases, entry }) => ({
      key,
      name,
      feminineName,
      aliases,
      probationReasons: PROBATION_REASON_CODES.flatMap((reason) => {
        const justification = entry.probationReasons?.[reason]
        return justification === undefined ? [] : [{ reason, maxMonths: PROBATION_REASONS[reason], justification }]
      })
    })),
    modalities: MODALITY_CODES.map((code) => ({ ...MODALITIES[code] })),
    sites: profile.sites.map((site) => ({
      name: site.name, address: site.address, modalities: siteModalities(site), openAir: site.openAir !== false
    })),
    causes: reviewedCauses(profile).map((cause) => {
      const { justifies } = (profile.causes ?? []).find((entry) => entry.id === cause.id) ?? {}
      return {
        id: cause.id,
        modality: cause.modality,
        sites: [...cause.sites],
        text: cause.text,
        period: { ...cause.period },
        ...(cause.activityStart === undefined ? {} : { activityStart: cause.activityStart }),
        ...(justifies === undefined ? {} : { justifies: { ...justifies } })
      }
    }),
    substitutionGrounds: SUBSTITUTION_GROUNDS.map(({ code, name }) => ({ code, name })),
    supportDocumentKinds: SUPPORT_DOCUMENT_KINDS.map(({ code, name }) => ({ code, name })),
    ordinaryWeek: { ...profile.ordinaryWeek },
    workWeekDays: profile.ordinaryWeek.days,
    contractDefaults,
    minimumWage: profile.minimumWage ?? DEFAULT_MINIMUM_WAGE
  }
}
