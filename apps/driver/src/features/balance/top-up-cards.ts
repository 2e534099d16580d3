import type { Card } from '@evc/contract';

/**
 * The cards a top-up can be paid with: the driver's saved bank cards, the default first (the
 * server's order). A fuel card pays for fuel-card tariffs only, so it never buys credit.
 */
export const topUpCards = (cards: Card[]): Card[] => cards.filter((card) => card.source === 'PAYG');
