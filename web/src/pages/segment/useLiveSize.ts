/** The size of the rule being edited, asked again a moment after the last change; older answers are dropped. */
import { useEffect, useRef, useState } from 'react';
import type { Rule } from '../../../../shared/segment';
import type { SegmentCount } from '../../../../shared/services';
import { call } from '../../api/client';

const DELAY_MS = 600;

export type LiveSize = { state: 'idle' } | { state: 'counting'; last?: SegmentCount } | { state: 'done'; size: SegmentCount } | { state: 'failed' };

export function useLiveSize(rule: Rule | null): LiveSize {
  const [size, setSize] = useState<LiveSize>({ state: 'idle' });
  const asked = useRef(0);
  const text = rule ? JSON.stringify(rule) : '';
  useEffect(() => {
    if (!text) {
      setSize({ state: 'idle' });
      return;
    }
    const n = ++asked.current;
    setSize((prev) => ({ state: 'counting', last: prev.state === 'done' ? prev.size : prev.state === 'counting' ? prev.last : undefined }));
    const timer = setTimeout(() => {
      call('segment.count', { rule: JSON.parse(text) as Rule }, { quiet: true }).then(
        (answer) => n === asked.current && setSize({ state: 'done', size: answer }),
        () => n === asked.current && setSize({ state: 'failed' }),
      );
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return size;
}
