/** `10485760` → `10`, `1572864` → `1.5`: megabytes of 1 048 576 bytes, as the spec writes "10 MB". */
export function megabytes (bytes: number): string {
  return String(Math.round((bytes / 1048576) * 10) / 10)
}
