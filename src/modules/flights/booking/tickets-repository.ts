import type { Kysely, Selectable } from 'kysely';
import type { Database, FlightTicketsTable } from '../../../db/tables.ts';
import type { ExchangeRecord, FlightCoupon, ServiceCoupon } from './ticket-drafts.ts';

/** A document of the register as the code sees it: its JSON columns as values. */
export interface TicketRecord
  extends Omit<Selectable<FlightTicketsTable>, 'coupons' | 'conjunctions' | 'exchange'> {
  coupons: FlightCoupon[] | ServiceCoupon[];
  /** The conjunction documents' numbers, when it has more coupons than one document holds. */
  conjunctions: string[];
  exchange: ExchangeRecord | null;
}

const decode = (row: Selectable<FlightTicketsTable>): TicketRecord => ({
  ...row,
  fare_amount: Number(row.fare_amount),
  tax_amount: Number(row.tax_amount),
  total_amount: Number(row.total_amount),
  coupons: JSON.parse(row.coupons) as TicketRecord['coupons'],
  conjunctions: JSON.parse(row.conjunctions) as string[],
  exchange: row.exchange === null ? null : (JSON.parse(row.exchange) as ExchangeRecord),
});

/** The register of e-tickets and EMDs: written in the transactions of the bookings they belong to. */
export function createTicketsRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Kysely<Database>, records: readonly TicketRecord[]): Promise<void> {
      if (records.length === 0) return;
      await trx
        .insertInto('flight_tickets')
        .values(
          records.map((r) => ({
            ...r,
            coupons: JSON.stringify(r.coupons),
            conjunctions: JSON.stringify(r.conjunctions),
            exchange: r.exchange === null ? null : JSON.stringify(r.exchange),
          })),
        )
        .execute();
    },

    /** A booking's documents, oldest first. */
    async forBooking(bookingId: string, trx: Kysely<Database> = db): Promise<TicketRecord[]> {
      const rows = await trx
        .selectFrom('flight_tickets')
        .selectAll()
        .where('booking_id', '=', bookingId)
        .orderBy('issued_at')
        .orderBy('number')
        .execute();
      return rows.map(decode);
    },

    /** A document's status and coupons, as a change, a cancellation or a reissue leaves them. */
    async update(
      trx: Kysely<Database>,
      number: string,
      fields: Pick<TicketRecord, 'status' | 'coupons'>,
      at: string,
    ): Promise<void> {
      await trx
        .updateTable('flight_tickets')
        .set({ status: fields.status, coupons: JSON.stringify(fields.coupons), updated_at: at })
        .where('number', '=', number)
        .execute();
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
