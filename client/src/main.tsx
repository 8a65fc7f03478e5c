import { RouterClient } from '@tanstack/react-router/ssr/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { createAppRouter } from './router';
import './styles/app.css';

// The server rendered the whole document with the page's data (dehydrated into the page); React
// hydrates that markup in place, with the same data, instead of drawing the page again.
const router = createAppRouter(createQueryClient());

hydrateRoot(
  document,
  <StrictMode>
    <RouterClient router={router} />
  </StrictMode>,
);
