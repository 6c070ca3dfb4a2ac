/** Local clubs (doc 1 §3) and their short codes (decisions.md: one table, SMK for MK). */
export const LOCAL_CLUBS = [
  { label: 'Welwyn Garden City Ski Race Club', value: 'WELWYN_GARDEN_CITY_SKI_RACE_CLUB', code: 'WGC' },
  { label: 'Vikings Ski Race Team', value: 'VIKINGS_SKI_RACE_TEAM', code: 'VIK' },
  { label: 'Essex Ski Racing Club', value: 'ESSEX_SKI_RACING_CLUB', code: 'ESX' },
  { label: 'Hemel Ski Race Club', value: 'HEMEL_SKI_RACE_CLUB', code: 'HEM' },
  { label: 'MK Ski Race Team', value: 'MK_SKI_RACE_TEAM', code: 'SMK' },
  { label: 'Norfolk Snowsports Club Race Team', value: 'NORFOLK_SNOWSPORTS_CLUB_RACE_TEAM', code: 'NOR' },
  { label: 'OTHER', value: 'OTHER', code: '-' },
] as const;

export type LocalClub = (typeof LOCAL_CLUBS)[number]['value'];
export const LOCAL_CLUB_VALUES = LOCAL_CLUBS.map((c) => c.value) as [LocalClub, ...LocalClub[]];

/** The short code shown in participant views; unknown values pass through unchanged. */
export function clubCode(value: string): string {
  return LOCAL_CLUBS.find((c) => c.value === value)?.code ?? value;
}

export function clubLabel(value: string): string {
  return LOCAL_CLUBS.find((c) => c.value === value)?.label ?? value;
}
