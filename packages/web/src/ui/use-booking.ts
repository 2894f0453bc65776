import { useRef, useState } from 'preact/hooks';
import { idempotencyKey, ProblemError } from '../api.ts';
import { navigate } from '../router.ts';
import type { PriceChange } from './price-changed.tsx';

/**
 * Sending a booking form: one Idempotency-Key per booking attempt, kept when the answer never came (a
 * retry then cannot book twice) and replaced once the server has refused it; a PRICE_CHANGED answer
 * becomes a price change to show, and accepting it books again at the new total with what was filled in.
 */
export function useBooking(
  currency: string,
  place: (form: FormData, key: string, amount: number) => Promise<{ id: string }>,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [change, setChange] = useState<PriceChange | undefined>();
  const key = useRef(idempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);
  // What was filled in, kept for a second try after the price-changed screen has replaced the form.
  const filled = useRef<FormData | undefined>(undefined);

  const book = async (amount: number) => {
    const form = formRef.current ? new FormData(formRef.current) : filled.current;
    if (!form) return;
    filled.current = form;
    setBusy(true);
    setError(undefined);
    try {
      const booking = await place(form, key.current, amount);
      navigate(`/trips/${booking.id}?booked=1`);
    } catch (caught) {
      const refused = caught instanceof ProblemError && caught.status < 500;
      if (refused) key.current = idempotencyKey();
      if (caught instanceof ProblemError && caught.code === 'PRICE_CHANGED') {
        const now = caught.problem as { total_amount?: number; total_currency?: string };
        setChange({
          old: { amount, currency },
          now: { amount: now.total_amount ?? amount, currency: now.total_currency ?? currency },
        });
      } else setError(caught);
    } finally {
      setBusy(false);
    }
  };
  /** Books at the new total; answers it, for the form to show. */
  const acceptChange = (): number | undefined => {
    if (!change) return undefined;
    setChange(undefined);
    void book(change.now.amount);
    return change.now.amount;
  };
  return { formRef, busy, error, change, book, acceptChange };
}
