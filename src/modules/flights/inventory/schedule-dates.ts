import { isoWeekday } from '../../../shared/calendar.ts';

/** Whether a schedule, as stored, has a flight on a local departure date: within its validity, on one of its days. */
export function scheduledOn(
  schedule: { valid_from: string; valid_to: string; days_of_week: string },
  date: string,
): boolean {
  return (
    date >= schedule.valid_from &&
    date <= schedule.valid_to &&
    schedule.days_of_week.includes(String(isoWeekday(date)))
  );
}
