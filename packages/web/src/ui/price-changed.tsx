import { money } from '../format.ts';
import { t } from '../i18n/i18n.ts';
import { StateScreen } from './states.tsx';

export interface PriceChange {
  old: { amount: number; currency: string };
  now: { amount: number; currency: string };
}

/** The old price and the new, and a choice: go on at the new one, or go back. */
export function PriceChanged(props: { change: PriceChange; onAccept: () => void; back: () => void }) {
  const values = {
    old: money(props.change.old.amount, props.change.old.currency),
    new: money(props.change.now.amount, props.change.now.currency),
  };
  return (
    <StateScreen
      kind="price-changed"
      title={t('state.priceChanged')}
      text={t('state.priceChangedText', values)}
    >
      <div class="row">
        <button type="button" onClick={props.onAccept}>
          {t('state.acceptPrice', values)}
        </button>
        <button type="button" class="secondary" onClick={props.back}>
          {t('common.back')}
        </button>
      </div>
    </StateScreen>
  );
}
