import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'com.evcharge.driver',
  appName: 'EV Charge',
  webDir: 'dist',
  server: { androidScheme: 'https' },
  plugins: {
    Preferences: { group: 'EVChargeDriver' },
  },
};

export default config;
