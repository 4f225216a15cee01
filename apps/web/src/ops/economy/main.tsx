// First: before any module builds a zod schema.
import '../../shared/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../shared/query-client';
import { EconomyPage } from './EconomyPage';
import '../../ui/theme.css';

/** The operators' economy page (apps/web/admin/economy.html): its own entry, so Chart.js never reaches the game's bundle. */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('admin/economy.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={createQueryClient()}>
      <EconomyPage />
    </QueryClientProvider>
  </StrictMode>,
);
