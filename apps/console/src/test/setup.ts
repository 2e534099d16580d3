import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Waits end when their condition holds; the ceiling only bounds a hang on a loaded machine.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
