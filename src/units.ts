/**
 * A byte limit in the unit that reads right: `40000` → `39 KB`, `1572864` → `1.5 MB`,
 * `10485760` → `10 MB` (KB = 1 024 bytes, MB = 1 048 576 bytes, as the spec writes "10 MB"; one
 * decimal at most, never rounded down to 0).
 */
export function formatByteSize (bytes: number): string {
  const [value, unit] = bytes >= 1048576 ? [bytes / 1048576, 'MB'] : bytes >= 1024 ? [bytes / 1024, 'KB'] : [bytes, 'bytes']
  const rounded = Math.round(value * 10) / 10
  return `${rounded >= 10 ? Math.round(value) : rounded} ${unit}`
}
