import { useState } from 'preact/hooks';
import { t } from '../i18n/i18n.ts';
import { ErrorView } from './states.tsx';

/** Runs an action, keeping its outcome for the card to say. */
export function useOutcome() {
  const [outcome, setOutcome] = useState<{ done?: string; error?: unknown; busy?: boolean }>({});
  const run = async (action: () => Promise<string | undefined>) => {
    setOutcome({ busy: true });
    try {
      setOutcome({ done: (await action()) ?? t('office.done') });
    } catch (error) {
      setOutcome({ error });
    }
  };
  return { outcome, run };
}

export function Outcome(props: { outcome: ReturnType<typeof useOutcome>['outcome'] }) {
  if (props.outcome.error !== undefined) return <ErrorView error={props.outcome.error} />;
  return props.outcome.done ? <p role="status">{props.outcome.done}</p> : null;
}
