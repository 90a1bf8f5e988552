/** Commission as admins type it (percent, "20" or "12.5") ↔ as the API stores it (a share, 0..1). */
export function commissionToPercent(share: number | null): number | '' {
  return share === null ? '' : Math.round(share * 10_000) / 100;
}

/** A commission share as every admin screen shows it: 0.2 → "20 %", 0.125 → "12.5 %". */
export function formatCommission(share: number): string {
  return `${Math.round(share * 10_000) / 100} %`;
}

/** An emptied field means "use the site default" (null); otherwise the percent as a share, 4 places at most. */
export function percentToCommission(percent: number | ''): number | null {
  if (percent === '') return null;
  return Math.round(percent * 100) / 10_000;
}
