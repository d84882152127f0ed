import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const height = () => window.innerHeight;

/** The window's inner height, following resizes. */
export function useWindowHeight(): number {
  return useSyncExternalStore(subscribe, height, height);
}
