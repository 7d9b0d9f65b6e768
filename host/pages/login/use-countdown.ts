import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a deadline set by `start(seconds)`, updated as the clock runs (0 when
 * none is running), and the seconds it started from. Read from the clock at each tick, so a late
 * timer never makes it drift.
 */
export function useCountdown(): { remaining: number; total: number; start(seconds: number): void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [total, setTotal] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) setDeadline(null);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setTotal(seconds);
    setDeadline(at + seconds * 1000);
  }, []);
  const remaining = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { remaining, total, start };
}
