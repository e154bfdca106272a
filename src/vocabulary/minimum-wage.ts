/** The RMV (remuneración mínima vital) in soles when the profile sets no `minimumWage` (D.S. 006-2024-TR). */
export const DEFAULT_MINIMUM_WAGE = 1130
