import { dateTime, money } from '../format.ts';
import { t } from '../i18n/i18n.ts';

interface Cancellation {
  free_cancellation_until: string | null;
  refundable: boolean;
  timeline: { from: string | null; penalty_amount: number }[];
}

/** What cancelling costs, and from when, in plain words and the hotel's local time. */
export function CancellationTimeline(props: {
  cancellation: Cancellation;
  currency: string;
  timeZone: string;
}) {
  const { cancellation, currency, timeZone } = props;
  const lines: string[] = [];
  if (cancellation.free_cancellation_until)
    lines.push(t('hotel.freeUntil', { date: dateTime(cancellation.free_cancellation_until, timeZone) }));
  for (const step of cancellation.timeline) {
    if (step.penalty_amount === 0) continue;
    lines.push(
      step.from
        ? t('hotel.penaltyFrom', {
            date: dateTime(step.from, timeZone),
            amount: money(step.penalty_amount, currency),
          })
        : t('hotel.penaltyAlways', { amount: money(step.penalty_amount, currency) }),
    );
  }
  if (lines.length === 0 && !cancellation.refundable) lines.push(t('offer.nonRefundable'));
  return (
    <ul class="cancellation">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
