import type { RegisterCall } from '../../platform/http/call-registrar.ts';
import type { RateLimit, RateLimitedCall } from '../../platform/http/rate-limits.ts';
import type { GuestService } from './service.ts';

export function registerGuestRoutes(
  register: RegisterCall,
  guests: GuestService,
  limits: Record<RateLimitedCall, RateLimit>,
): void {
  register('guestIdentifier', () => guests.identifier(), { rateLimit: limits.guestIdentifier });
  register('guestTokens', ({ params, query }) => guests.tokens(params.code, query.uuid), {
    rateLimit: limits.guestTokens,
  });
}
