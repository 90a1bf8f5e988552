/**
 * Dates in the few fixed shapes the public pages show ("Mar 4", "Mar 4, 2025", "March 4, 2025",
 * "Mar 4, 14:05", "Mar 4, 2025 14:05"), in the viewer's time zone. The screens a visitor opens first use these instead
 * of dayjs, so their first load does not carry a date library for four formats.
 */
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const twoDigits = (n: number) => String(n).padStart(2, '0');

export function formatDate(
  at: string | Date,
  {
    year = false,
    time = false,
    longMonth = false,
  }: { year?: boolean; time?: boolean; longMonth?: boolean } = {},
): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const month = months[d.getMonth()] ?? '';
  const day = `${longMonth ? month : month.slice(0, 3)} ${d.getDate()}`;
  const dated = year ? `${day}, ${d.getFullYear()}` : day;
  if (!time) return dated;
  const clock = `${twoDigits(d.getHours())}:${twoDigits(d.getMinutes())}`;
  return year ? `${dated} ${clock}` : `${dated}, ${clock}`;
}

/** "October 2026", in UTC (server and browser may sit in different time zones; the markup must match). */
export function formatMonthYear(at: string | Date): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  return `${months[d.getUTCMonth()] ?? ''} ${d.getUTCFullYear()}`;
}

/** A length of time in its two largest units: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
