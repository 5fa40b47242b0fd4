/**
 * Dated lifecycle changes inside a window: what the home page lists as
 * "upcoming changes". Pure: the day to count from is passed in (the build
 * date on a prerendered page), never read from a clock.
 */
import type { ServiceEntry, ServiceLifecycle } from './schemas.ts';

export interface UpcomingChange {
  id: string;
  slug: string;
  name: string;
  provider: string;
  status: ServiceLifecycle['status'];
  /** YYYY-MM-DD, within the window. */
  date: string;
  /** Whole days from `today` to `date` (0 on the day). */
  inDays: number;
  successorSlug?: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** Services whose sunset or retirement date falls from `today` to `today + days` (inclusive), soonest first. */
export function upcomingChanges(services: readonly ServiceEntry[], today: string, days = 90): UpcomingChange[] {
  const start = dayNumber(today);
  if (!Number.isFinite(start)) throw new RangeError(`not a YYYY-MM-DD date: ${today}`);
  return services
    .flatMap((s) => {
      const date = s.lifecycle?.sunsetDate;
      if (!date) return [];
      const inDays = dayNumber(date) - start;
      if (!(inDays >= 0 && inDays <= days)) return [];
      return [
        {
          id: s.id,
          slug: s.slug,
          name: s.name,
          provider: s.provider,
          status: s.lifecycle!.status,
          date,
          inDays,
          ...(s.lifecycle!.successorSlug ? { successorSlug: s.lifecycle!.successorSlug } : {}),
        },
      ];
    })
    .sort((a, b) => a.inDays - b.inDays || a.name.localeCompare(b.name, 'en'));
}
