import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as zodConfig } from 'zod/mini';
import { App } from './app';
import './styles/app.css';

// zod compiles schemas with `new Function` when it may; the Content-Security-Policy forbids eval, and
// even zod's feature test for it is reported as a violation. Interpreted schemas are fast enough here.
zodConfig({ jitless: true });

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
