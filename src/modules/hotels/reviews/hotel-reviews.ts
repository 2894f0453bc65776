import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { bumpVersion } from '../../../db/versioned-cache.ts';
import { AppError } from '../../../http/app-error.ts';
import type { Clock } from '../../../ports/clock.ts';
import type { IdGenerator } from '../../../ports/ids.ts';
import type { Principal } from '../../auth/index.ts';
import type { HotelBookingReads } from '../booking/hotel-booking-reads.ts';
import type { HotelBookingsRepository } from '../booking/hotel-bookings-repository.ts';
import { createReviewScores } from '../inventory/hotel-review-scores.ts';
import {
  assertReviewable,
  authorOf,
  moderated,
  type ReviewDecision,
  type ReviewStatus,
} from './hotel-review-rules.ts';
import type { HotelReviewRow, HotelReviewsRepository } from './hotel-reviews-repository.ts';

export interface ReviewInput {
  booking_id: string;
  score: number;
  title?: string | undefined;
  text: string;
  language?: string | undefined;
}

/** A review as anyone reads it; admins also see whose stay it is and how it was moderated. */
export function reviewView(row: HotelReviewRow, principal: Principal) {
  return {
    id: row.id,
    hotel_id: row.hotel_id,
    score: row.score,
    title: row.title,
    text: row.text,
    language: row.language,
    author: row.author,
    stayed_in: row.stayed_in,
    created_at: row.created_at,
    status: row.status,
    ...(principal.role === 'admin'
      ? { booking_id: row.booking_id, rejection_reason: row.rejection_reason, moderated_at: row.moderated_at }
      : {}),
  };
}

/**
 * Guest reviews: written once a stay is over, one per booking, by its guest's side; shown once an admin
 * publishes it. Publishing or taking one down keeps the hotel's score and count, in the same transaction,
 * and tells every process's search index that the hotel changed.
 */
export function createHotelReviews(deps: {
  db: Kysely<Database>;
  reviews: HotelReviewsRepository;
  bookings: HotelBookingsRepository;
  reads: HotelBookingReads;
  clock: Clock;
  ids: IdGenerator;
  /** Brings this process's search index up to date after a hotel's score changed. */
  refreshIndex: () => Promise<void>;
}) {
  const { db, reviews, clock } = deps;
  const scores = createReviewScores();

  return {
    async submit(principal: Principal, input: ReviewInput) {
      if (principal.role === 'admin' || principal.role === 'agency_admin')
        throw new AppError('FORBIDDEN', 'Reviews are written by the guest, or their travel agent');
      const booking = await deps.reads.loadVisible(principal, { id: input.booking_id });
      const now = clock.now();
      assertReviewable(booking, await deps.bookings.rooms(db, booking.id), now);
      if (await reviews.findByBooking(booking.id))
        throw new AppError('CONFLICT', 'This stay has been reviewed already: one review per stay');
      const row: HotelReviewRow = {
        id: deps.ids.ordered('hrv'),
        booking_id: booking.id,
        source: 'stay',
        hotel_id: booking.hotel_id,
        user_id: principal.userId,
        score: input.score,
        title: input.title?.trim() || null,
        text: input.text.trim(),
        language: input.language ?? booking.holder.language ?? 'en',
        author: authorOf(booking.holder),
        stayed_in: booking.check_in.slice(0, 7),
        status: 'pending',
        rejection_reason: null,
        created_at: now.toISOString(),
        moderated_at: null,
        moderated_by: null,
      };
      // The booking's unique review: a second one sent at the same moment fails on the constraint.
      try {
        await db.transaction().execute((trx) => reviews.insert(trx, row));
      } catch (error) {
        if (await reviews.findByBooking(booking.id))
          throw new AppError('CONFLICT', 'This stay has been reviewed already: one review per stay');
        throw error;
      }
      return reviewView(row, principal);
    },

    async list(
      principal: Principal,
      filter: { hotelId?: string | undefined; status: ReviewStatus },
      afterId: string | undefined,
      limit: number,
    ) {
      if (filter.status !== 'published' && principal.role !== 'admin')
        throw new AppError('FORBIDDEN', 'Only admins read reviews that are not published');
      const rows = await reviews.list(filter, afterId, limit + 1);
      const score = filter.hotelId ? await reviews.hotelScore(filter.hotelId) : undefined;
      if (filter.hotelId && !score) throw new AppError('NOT_FOUND', 'No such hotel');
      return {
        rows: rows.slice(0, limit),
        more: rows.length > limit,
        data: rows.slice(0, limit).map((r) => reviewView(r, principal)),
        review_score: score && score.review_count > 0 ? score.review_score / 10 : null,
        review_count: score?.review_count ?? null,
      };
    },

    async moderate(principal: Principal, id: string, decision: ReviewDecision, reason: string | undefined) {
      const now = clock.now().toISOString();
      const row = await db.transaction().execute(async (trx) => {
        const found = await reviews.findById(trx, id);
        if (!found) throw new AppError('NOT_FOUND', 'No such review');
        const status = moderated(found.status, decision);
        const fields = {
          status,
          rejection_reason: status === 'rejected' ? (reason ?? null) : null,
          moderated_at: now,
          moderated_by: principal.userId,
        };
        if (!(await reviews.moderate(trx, id, found.status, fields)))
          throw new AppError('CONFLICT', 'The review was moderated meanwhile; read it again');
        if (found.status === 'published' || status === 'published') {
          await scores.rescore(trx, found.hotel_id);
          await bumpVersion(trx, 'hotels', [found.hotel_id]);
        }
        return { ...found, ...fields };
      });
      await deps.refreshIndex();
      return reviewView(row, principal);
    },
  };
}

export type HotelReviews = ReturnType<typeof createHotelReviews>;
