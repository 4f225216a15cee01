/** 'YYYY-MM-DDTHH:mm:ss' in UTC without a zone, the time format of Hive and Hive Engine. */
export function hiveTime(ms: number = Date.now()): string {
  return new Date(ms).toISOString().slice(0, 19);
}
