import type { Card } from '@evc/contract';
import { testCard } from '../../test/fixtures.ts';

/** A saved card that is not the default, as the top-up pages list them. */
export const savedCard = (id: string, last4: string, extra: Partial<Card> = {}): Card =>
  testCard({ id, last4, exp_year: 2031, default: false, ...extra });
