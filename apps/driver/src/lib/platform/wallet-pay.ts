import { Capacitor } from '@capacitor/core';
import { currentBrand } from '../brand.ts';
import type { WalletPay } from './wallet-pay-types.ts';
import { nativeWalletPay } from './wallet-pay-native.ts';
import { webWalletPay } from './wallet-pay-web.ts';

export * from './wallet-pay-types.ts';

/**
 * The platform's wallets: the Payment Request API in browsers, Stripe's native Google Pay and
 * Apple Pay SDKs in the store apps.
 */
export function walletPay(): WalletPay {
  const { brand } = currentBrand();
  const platform = Capacitor.getPlatform();
  if (platform === 'android' || platform === 'ios') {
    return nativeWalletPay(platform, {
      publishableKey: brand.paymentProviderKey,
      applePayMerchantId: brand.applePayMerchantId ?? null,
    });
  }
  return webWalletPay(brand.paymentProviderKey);
}
