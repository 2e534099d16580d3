import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** spec 000 §2: addresses visited in this session, newest last; back walks through them. */
const visited: string[] = [];

/** Records an address (called by the router on every navigation); a repeat of the last one is ignored. */
export function recordVisit(address: string): void {
  if (visited.at(-1) !== address) visited.push(address);
}

/** Drops the current address and gives the one before it, or the root when there is none. */
export function previousAddress(): string {
  visited.pop();
  return visited.pop() ?? '/';
}

export function visitedAddresses(): readonly string[] {
  return visited;
}

export function resetVisits(): void {
  visited.length = 0;
}

/** Back navigation through the visited addresses (empty history → root). */
export function useBackNavigation(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    navigate(previousAddress(), { replace: true });
  }, [navigate]);
}
