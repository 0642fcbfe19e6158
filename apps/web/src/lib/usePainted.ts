import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from './after-paint';

/**
 * False until the component's first render has been painted (see `afterPaint`). What it then renders is
 * a transition: React renders it in slices, between which the page answers the reader.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPaint().then(() => mounted && startTransition(() => setPainted(true)));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
