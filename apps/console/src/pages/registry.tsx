import type { ReactNode } from 'react';
import { UsersPage } from './users.page.tsx';
import { OutboxPage } from './outbox.page.tsx';
import { SettingsPage } from './settings.page.tsx';

export interface ConsolePage {
  path: string;
  label: string;
  icon?: ReactNode;
  element: ReactNode;
}

/** Every console page, in menu order. Domains add theirs here. */
export const consolePages: ConsolePage[] = [
  { path: 'users', label: 'Customers', element: <UsersPage /> },
  { path: 'outbox', label: 'Outbox (SMS / e-mail)', element: <OutboxPage /> },
  { path: 'settings', label: 'System settings', element: <SettingsPage /> },
];
