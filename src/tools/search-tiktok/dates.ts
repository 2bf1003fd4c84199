// The Research API takes start_date and end_date as YYYYMMDD (UTC) and at most 30 days apart, so a
// longer period is searched as consecutive windows, newest first (decision 074).

export const WINDOW_DAYS = 30;
/** "Any time" (period 0) searches the last year: older windows cost quota and rarely matter. */
export const ANY_TIME_DAYS = 365;

const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");
const daysBefore = (d: Date, n: number) => new Date(d.getTime() - n * 86_400_000);

/** Windows covering the last `period` days up to today, newest first. */
export function searchWindows(period: number, now = new Date()): { start_date: string; end_date: string }[] {
  const days = period === 0 ? ANY_TIME_DAYS : period;
  const out: { start_date: string; end_date: string }[] = [];
  for (let back = 0; back < days; back += WINDOW_DAYS) {
    const end = daysBefore(now, back);
    const start = daysBefore(now, Math.min(days, back + WINDOW_DAYS));
    out.push({ start_date: ymd(start), end_date: ymd(back === 0 ? end : daysBefore(end, 1)) });
  }
  return out;
}
