import type { components } from '../api.ts';
import { money } from '../format.ts';
import { t } from '../i18n/i18n.ts';

type Segment = components['schemas']['SeatMap']['segments'][number];
type Kind = 'adult' | 'adult_with_infant' | 'adult_needing_assistance' | 'child';
export interface SeatChoice {
  designator: string;
  amount: number;
}

/**
 * One flight's cabin as a grid of seat buttons for one passenger: each says its seat, what it is and
 * what it costs; taken and restricted seats are shown and cannot be pressed.
 */
export function SeatMapGrid(props: {
  segment: Segment;
  kind: Kind;
  passengerLabel: string;
  chosen: string | undefined;
  takenByOthers: Set<string>;
  onChoose: (choice: SeatChoice | undefined) => void;
}) {
  const { segment } = props;
  return (
    <fieldset class="seat-map">
      <legend class="visually-hidden">{`${segment.flight_number} ${segment.origin}–${segment.destination}: ${props.passengerLabel}`}</legend>
      {segment.rows.map((row) => (
        <div class="seat-row" key={row.row}>
          <span class="row-number" aria-hidden="true">
            {row.row}
          </span>
          {row.seats.map((seat) => {
            const offer = seat.offers[props.kind];
            const free = offer?.available === true && !props.takenByOthers.has(seat.designator);
            const amount = offer?.available ? offer.amount : 0;
            const chosen = props.chosen === seat.designator;
            const label = `${seat.designator}, ${seat.characteristics.join(', ')}${
              free ? `, ${amount === 0 ? '0' : money(amount, segment.currency)}` : `, ${t('book.seatTaken')}`
            }`;
            return (
              <button
                type="button"
                key={seat.designator}
                class={`seat${chosen ? ' chosen' : ''}${seat.characteristics.includes('extra_legroom') ? ' legroom' : ''}`}
                disabled={!free && !chosen}
                aria-pressed={chosen}
                aria-label={label}
                title={label}
                onClick={() => props.onChoose(chosen ? undefined : { designator: seat.designator, amount })}
              >
                {seat.letter}
              </button>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
