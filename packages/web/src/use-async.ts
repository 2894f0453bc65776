import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Async<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
}

/** Runs `load` when `deps` change, keeping its answer or error; `retry` runs it again. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): Async<T> {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  // The caller names what the load depends on.
  useEffect(() => {
    let current = true;
    setResult((r) => ({ data: r.data, loading: true }));
    load().then(
      (data) => current && setResult({ data, loading: false }),
      (error: unknown) => current && setResult({ error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { data: result.data, error: result.error, loading: result.loading, retry };
}
