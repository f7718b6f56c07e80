/** The size of the rule being edited (with its static lists), asked again a moment after the last change; older answers are dropped. */
import { useEffect, useRef, useState } from 'react';
import type { Rule } from '../../../../shared/segment';
import type { SegmentCount } from '../../../../shared/services';
import { call } from '../../api/client';

const DELAY_MS = 600;

export type LiveSize = { state: 'idle' } | { state: 'counting'; last?: SegmentCount } | { state: 'done'; size: SegmentCount } | { state: 'failed' };

export function useLiveSize(rule: Rule | null, lists: { includeIds: string[]; excludeIds: string[] } = { includeIds: [], excludeIds: [] }): LiveSize {
  const [size, setSize] = useState<LiveSize>({ state: 'idle' });
  const asked = useRef(0);
  const text = rule ? JSON.stringify({ rule, ...lists }) : '';
  useEffect(() => {
    if (!text) {
      setSize({ state: 'idle' });
      return;
    }
    const n = ++asked.current;
    setSize((prev) => ({ state: 'counting', last: prev.state === 'done' ? prev.size : prev.state === 'counting' ? prev.last : undefined }));
    const timer = setTimeout(() => {
      call('segment.count', JSON.parse(text) as { rule: Rule; includeIds: string[]; excludeIds: string[] }, { quiet: true }).then(
        (answer) => n === asked.current && setSize({ state: 'done', size: answer }),
        () => n === asked.current && setSize({ state: 'failed' }),
      );
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return size;
}
