import { useCallback } from 'react';
import { viewerKeepsChinaTime } from '../../lib/china-time.ts';
import { useT } from '../use-t.ts';

/**
 * The portal shows China time (src/lib/china-time.ts). One rule: a time says its zone when the
 * viewer's device keeps another. `ZoneNote` says it once above a list or a page of times;
 * `useChinaTime` appends it to a time standing alone ("As of 18:41").
 */
export function ZoneNote({ className = '' }: { className?: string }) {
  const t = useT();
  if (viewerKeepsChinaTime()) return null;
  return <p className={`lp-zone-note ${className}`.trim()}>{t('common.timesInChina')}</p>;
}

/** `18:41` → `18:41 China time` when the viewer's zone is not China's, else as it is. */
export function useChinaTime(): (time: string) => string {
  const t = useT();
  return useCallback(
    (time: string) => (time && !viewerKeepsChinaTime() ? `${time} ${t('common.chinaTime')}` : time),
    [t],
  );
}
