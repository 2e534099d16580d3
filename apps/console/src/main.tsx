import './lib/zod-without-eval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import './styles.css';
import { ConsoleApp } from './app.tsx';
import { StaffSessionProvider } from './lib/staff-session.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <BrowserRouter basename="/console">
      <StaffSessionProvider>
        <ConsoleApp />
      </StaffSessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
