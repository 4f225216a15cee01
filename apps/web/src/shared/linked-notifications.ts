import { createContext, type ComponentType } from 'react';

/**
 * Reads the notifications that link to a page (`path`) once the player sees it, however the page was
 * reached (the inbox, a toast, the battle log). The notifications feature provides it and the shell puts
 * it here, so a page marks its notifications read without importing that feature; nothing without it.
 */
export const ReadLinkedNotificationsContext = createContext<ComponentType<{ username: string; path: string }>>(() => null);
