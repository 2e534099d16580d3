import { Capacitor } from '@capacitor/core';
import type { AppPlatform } from '@evc/domain';
import { currentBrand } from '../brand.ts';
import type { WalletPay } from './wallet-pay-types.ts';
import { webWalletPay } from './wallet-pay-web.ts';

export * from './wallet-pay-types.ts';

/**
 * Google Pay and Apple Pay in the store apps need a native wallet plugin, which this build does not
 * ship: payment intents take the wallet's payment method up front (as the browser's Payment
 * Request gives it), and the Capacitor Stripe plugin only confirms an intent made beforehand. So
 * the phones report no wallet rather than offer one that cannot pay.
 */
function nativeWalletPay(platform: AppPlatform): WalletPay {
  return {
    platform,
    availability: () => Promise.resolve({ applePay: false, googlePay: false }),
    pay: () => Promise.resolve('failed'),
  };
}

function appPlatform(): AppPlatform {
  const platform = Capacitor.getPlatform();
  return platform === 'android' || platform === 'ios' ? platform : 'web';
}

/** The platform's wallets: the Payment Request API in browsers, none in the store apps yet. */
export function walletPay(): WalletPay {
  const platform = appPlatform();
  return platform === 'web'
    ? webWalletPay(currentBrand().brand.paymentProviderKey)
    : nativeWalletPay(platform);
}
