import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { App } from '@capacitor/app';
import { Capacitor } from '@capacitor/core';
import { deepLinkTarget } from '@evc/domain';

/** spec 000 §2: links opened in the native app go to completeRegistration, reset or a charger. */
export function DeepLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!Capacitor.isNativePlatform()) return;
    const listener = App.addListener('appUrlOpen', ({ url }) => {
      const target = deepLinkTarget(url);
      if (target) navigate(target);
    });
    return () => {
      void listener.then((handle) => handle.remove());
    };
  }, [navigate]);
  return null;
}
